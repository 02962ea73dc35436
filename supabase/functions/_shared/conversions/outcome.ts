import type { Answer, TransportFailure } from '../http/upstream.ts'
import type { SkipReason } from './conversion.ts'

/**
 * What one send came to, for the outbox row:
 * - `sent`: the platform took it (`requestId`: Google's requestId, Meta's fbtrace_id);
 * - `retry`: nothing is known to be lost; send the same event again later (`afterMs`: Retry-After);
 * - `skipped`: refused for good, here (`reason`) or by the platform (`reason: 'platform-refused'`, its words in `detail`);
 * - `config`: credentials or settings are wrong: alert ops once, and stop sending to this platform;
 * - `not-configured`: the platform's settings are absent; nothing was sent.
 */
export type SendOutcome =
  | { kind: 'sent'; requestId: string; validateOnly?: boolean }
  | { kind: 'retry'; reason: string; afterMs?: number }
  | { kind: 'skipped'; reason: SkipReason | 'platform-refused'; detail?: string }
  | { kind: 'config'; reason: string }
  | { kind: 'not-configured'; missing: string[] }

/** What the settings readers give for a platform left unset: the names to set. */
export type NotConfigured = { missing: string[]; partly: boolean }

export const notConfigured = (settings: object): settings is NotConfigured => 'missing' in settings

/** None of a platform's settings: it is simply off. Some but not all: a half-done setup, for ops. */
export const unconfigured = ({ missing, partly }: NotConfigured): Extract<SendOutcome, { kind: 'config' | 'not-configured' }> =>
  partly ? { kind: 'config', reason: `missing settings: ${missing.join(', ')}` } : { kind: 'not-configured', missing }

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now: Date): number | undefined {
  const value = headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime())
}

/** A timeout or a dropped connection: the platform may have the event, so the resend carries the same key. */
export type Retry = Extract<SendOutcome, { kind: 'retry' }>

export const transportRetry = (failure: TransportFailure): Retry => ({ kind: 'retry', reason: `${failure.kind}: ${failure.message}` })

/** 429 and 5xx, common to both platforms. */
export function busy(answer: Answer, now: Date): Retry | undefined {
  if (answer.status !== 429 && answer.status < 500) return undefined
  const afterMs = retryAfterMs(answer.headers, now)
  return { kind: 'retry', reason: `HTTP ${answer.status}`, ...(afterMs !== undefined && { afterMs }) }
}

export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
