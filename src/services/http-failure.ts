import { retryAfterHeaderMs } from '@/lib/retry-after'
import { FailureError } from '@/schemas/failure'
import { isHttpError, isTimeoutError } from './http'

/** How a call to an external system failed, whatever the system. */
export type ServiceFailureKind = 'invalid' | 'unavailable' | 'rate-limited' | 'timeout' | 'network' | 'unexpected'

/** Retry-After of a failed HTTP answer in ms, as delta-seconds or an HTTP date; undefined when absent. */
export const retryAfterMs = (error: unknown): number | undefined =>
  isHttpError(error) ? retryAfterHeaderMs(error.response.headers) : undefined

/** Retry-After of a failed HTTP answer in whole seconds; undefined when absent or already past. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const waitMs = retryAfterMs(error)
  return waitMs ? Math.ceil(waitMs / 1000) : undefined
}

/** Rethrows an abort (by name: the abort error may come from another realm's DOMException). */
export function rethrowAbort(error: unknown): void {
  if (error instanceof Error && error.name === 'AbortError') throw error
}

/** A failed HTTP call as a Failure of `service`; an abort is rethrown. */
export function toFailure(service: string, error: unknown): FailureError<ServiceFailureKind> {
  if (isHttpError(error)) {
    const status = error.response.status
    const kind = status === 429 ? 'rate-limited' : status >= 400 && status < 500 ? 'invalid' : 'unavailable'
    return new FailureError(kind, { service, detail: `HTTP ${status}`, status, retryAfterSeconds: retryAfterSeconds(error) })
  }
  if (isTimeoutError(error)) return new FailureError('timeout', { service, detail: 'timed out' })
  rethrowAbort(error)
  if (error instanceof TypeError) return new FailureError('network', { service, detail: error.message })
  return new FailureError('unexpected', { service, detail: error instanceof Error ? error.message : String(error) })
}
