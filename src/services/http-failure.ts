import { retryAfterHeaderMs } from '@/lib/retry-after'
import { isHttpError, isTimeoutError } from './http'
import type { ReplyFailureKind } from '@/schemas/ai-reply'
import type { CheckFailureKind } from '@/schemas/review-check'

/** `conflict`: the row is already there (a unique key), so the same request must not be asked for again. */
export type FailureKind = 'invalid' | 'conflict' | 'unavailable' | 'rate-limited' | 'timeout' | 'network' | 'unexpected'

/** Retry-After of a failed HTTP answer in ms, as delta-seconds or an HTTP date; undefined when absent. */
export const retryAfterMs = (error: unknown): number | undefined =>
  isHttpError(error) ? retryAfterHeaderMs(error.response.headers) : undefined

/** Retry-After of a failed HTTP answer in whole seconds; undefined when absent or already past. */
export function retryAfterSeconds(error: unknown): number | undefined {
  const waitMs = retryAfterMs(error)
  return waitMs ? Math.ceil(waitMs / 1000) : undefined
}

/** A failed call to an external system, named so machines and logs can tell failures apart. */
export class ServiceError extends Error {
  constructor(
    readonly service: string,
    readonly kind: FailureKind,
    message: string,
    readonly status?: number,
    /** How long the service asked us to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${service}: ${message}`)
    this.name = 'ServiceError'
  }
}

export function toServiceError(service: string, error: unknown): ServiceError {
  if (error instanceof ServiceError) return error
  if (isHttpError(error)) {
    const status = error.response.status
    const kind = status === 429 ? 'rate-limited' : status >= 400 && status < 500 ? 'invalid' : 'unavailable'
    return new ServiceError(service, kind, `HTTP ${status}`, status, retryAfterSeconds(error))
  }
  if (isTimeoutError(error)) return new ServiceError(service, 'timeout', 'timed out')
  // By name, not instanceof: the abort error may come from another realm's DOMException.
  if (error instanceof Error && error.name === 'AbortError') throw error
  if (error instanceof TypeError) return new ServiceError(service, 'network', error.message)
  return new ServiceError(service, 'unexpected', error instanceof Error ? error.message : String(error))
}

/** A tool's failure by what the page offers next, with the wait Retry-After asked for (one class per tool). */
const toolFailure = <Kind extends string>(name: string, tool: string) =>
  class extends Error {
    constructor(
      readonly kind: Kind,
      readonly retryAfterSeconds?: number,
    ) {
      super(`${tool}: ${kind}`)
      this.name = name
    }
  }

export const ReplyFailure = toolFailure<ReplyFailureKind>('ReplyFailure', 'ai-reply')
export const CheckFailure = toolFailure<CheckFailureKind>('CheckFailure', 'review-check')
export type CheckFailure = InstanceType<typeof CheckFailure>
