import type { PlatformCall, PlatformFault } from './fake-platform-server.mjs'

export declare const GOOGLE_CLIENT: { clientId: string; clientSecret: string; refreshToken: string }
/** The operating account the fake knows (10 digits). */
export declare const GOOGLE_ACCOUNT: string
/** The conversion actions the fake knows, one per kind. */
export declare const GOOGLE_ACTIONS: { lead: string; call: string; purchase: string }

export type GoogleEndpoint = 'token' | 'ingest' | 'status'
export type StoredGoogleEvent = { destination: string; event: Record<string, unknown> & { transactionId: string }; requestId: string }

export interface FakeGoogleDm {
  /** The API base, for GOOGLE_DM_API_URL. */
  url: string
  /** The token endpoint, for GOOGLE_DM_TOKEN_URL. */
  tokenUrl: string
  requests: PlatformCall[]
  /** Conversions taken, by `<conversion action>|<transactionId>`. */
  events: Map<string, StoredGoogleEvent>
  /** Keys sent again after they were taken: de-duplicated, not counted. */
  duplicates: string[]
  readonly tokenExchanges: number
  /** The next `count` calls of `endpoint` answer the status, or ('drop') are taken and never answered. */
  failNext(endpoint: GoogleEndpoint, fault: PlatformFault, count?: number, options?: { retryAfter?: number; body?: (requestText: string) => unknown }): void
  /** Moves the fake's clock: access tokens expire on it. */
  advanceClock(ms: number): void
  /** The refresh token no longer works (invalid_grant), as after a revocation or a Testing-status app's 7 days. */
  revokeRefreshToken(): void
  clear(): void
  close(): Promise<void>
}

export declare function startFakeGoogleDm(options?: { tokenLifetimeS?: number }): Promise<FakeGoogleDm>
