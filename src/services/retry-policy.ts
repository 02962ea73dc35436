import type { RetryOptions } from 'ky'
import { retryAfterMs } from './http-failure'

const MAX_RETRY_MS = 5_000
/** 408, 429 and every 5xx may pass on a later attempt (as may network failures and timeouts). */
const TRANSIENT_STATUSES = [408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)]

export type RetryBudget = {
  /** How long a submission keeps retrying before the visitor sees the error. */
  retryBudgetMs: number
  /** The first wait between attempts; it doubles, with jitter, up to 5 s. */
  firstRetryMs: number
  /** One attempt's limit. */
  timeoutMs: number
}

/**
 * A resendable post's retries: transient failures are retried with backoff (and as long as
 * Retry-After asks) within the budget, always with the same body. Returns ky's options and the
 * signal that ends the whole submission.
 */
export function retryWithin({ retryBudgetMs, firstRetryMs, timeoutMs }: RetryBudget, signal?: AbortSignal) {
  const deadline = Date.now() + retryBudgetMs
  const budget = AbortSignal.timeout(Math.max(retryBudgetMs, timeoutMs))
  const backoff = (attempt: number) => Math.min(firstRetryMs * 2 ** (attempt - 1), MAX_RETRY_MS)
  const retry: RetryOptions = {
    limit: Number.POSITIVE_INFINITY,
    methods: ['post'],
    statusCodes: TRANSIENT_STATUSES,
    afterStatusCodes: TRANSIENT_STATUSES,
    retryOnTimeout: true,
    delay: backoff,
    jitter: (ms) => ms * (0.5 + Math.random() / 2),
    // A wait that would end past the budget fails now, with this attempt's answer.
    shouldRetry: ({ error, retryCount }) => (Date.now() + (retryAfterMs(error) ?? backoff(retryCount)) >= deadline ? false : undefined),
  }
  return { retry, signal: signal ? AbortSignal.any([signal, budget]) : budget }
}
