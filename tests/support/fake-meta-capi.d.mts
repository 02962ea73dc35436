import type { PlatformCall, PlatformFault } from './fake-platform-server.mjs'

export declare const META_PIXEL: string
export declare const META_TOKEN: string
/** Meta de-duplicates an event_name + event_id seen within 48 hours. */
export declare const DEDUP_WINDOW_MS: number

export type StoredMetaEvent = Record<string, unknown> & { event_name: string; event_id: string; event_time: number }

export interface FakeMetaCapi {
  /** The Graph base, for META_CAPI_API_URL. */
  url: string
  requests: PlatformCall[]
  /** Events taken for ads. */
  events: StoredMetaEvent[]
  /** Events sent with the test_event_code: shown in Test Events, never used for ads. */
  testEvents: StoredMetaEvent[]
  /** `<event_name>|<event_id>` sent again within 48 hours. */
  duplicates: string[]
  failNext(fault: PlatformFault, count?: number, options?: { retryAfter?: number; body?: (requestText: string) => unknown }): void
  advanceClock(ms: number): void
  revokeToken(): void
  clear(): void
  close(): Promise<void>
}

/** `testEventCode`: the one test code the fake's pixel accepts; none by default. */
export declare function startFakeMetaCapi(options?: { testEventCode?: string }): Promise<FakeMetaCapi>
