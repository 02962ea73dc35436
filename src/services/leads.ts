import * as v from 'valibot'
import { LeadAcceptedSchema, type LeadSubmission } from '@/schemas/lead'
import { retryAfterMs, ServiceError, toServiceError } from './http-failure'
import { lazyHttp } from './http'

export interface LeadsService {
  submit(submission: LeadSubmission, signal?: AbortSignal): Promise<{ id: string }>
  /** Where the lead form posts natively (before or without the script). */
  readonly nativeAction: string
}

/**
 * The lead form's native `action`: the `leads` function in live mode, its same-origin stand-in
 * (dev server, preview server) in mock mode. The same on server and client, so hydration matches.
 */
export function nativeLeadAction(config: { mockServices: boolean; supabaseUrl: string }): string {
  return config.mockServices ? '/functions/v1/leads' : `${config.supabaseUrl.replace(/\/$/, '')}/functions/v1/leads`
}

export type LeadsConfig = {
  functionsUrl: string
  nativeAction?: string
  /** How long a submission keeps retrying before the visitor sees the error. */
  retryBudgetMs?: number
  /** The first wait between attempts; it doubles, with jitter, up to 5 s. */
  firstRetryMs?: number
  /** One attempt's limit (never past the budget); above the function's longest answer (about 14 s). */
  timeoutMs?: number
  random?: () => number
}

const MAX_RETRY_MS = 5_000
const MIN_ATTEMPT_MS = 1_000

/** Network failures, timeouts, 5xx and 429 may pass; anything else would fail again. */
const isTransient = (error: ServiceError) =>
  error.kind === 'network' ||
  error.kind === 'timeout' ||
  error.kind === 'rate-limited' ||
  (error.status ?? 0) >= 500 ||
  error.status === 408

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true })
  })
}

/**
 * Posts a lead to the `leads` edge function. Resending is safe: the function records each
 * submissionId once and delivers it once, so transient failures are retried with backoff (and as
 * long as Retry-After asks) within a budget of about 20 s, always with the same body.
 */
export function createLeadsService({
  functionsUrl,
  nativeAction = `${functionsUrl}/leads`,
  retryBudgetMs = 20_000,
  firstRetryMs = 500,
  timeoutMs = 15_000,
  random = Math.random,
}: LeadsConfig): LeadsService {
  const http = lazyHttp({ retry: 0 })
  return {
    nativeAction,
    async submit(submission, signal) {
      const deadline = Date.now() + retryBudgetMs
      for (let backoff = firstRetryMs; ; backoff = Math.min(backoff * 2, MAX_RETRY_MS)) {
        let failure: ServiceError
        let askedMs: number | undefined
        try {
          const timeout = Math.min(timeoutMs, Math.max(MIN_ATTEMPT_MS, deadline - Date.now()))
          const body = await (await http()).post(`${functionsUrl}/leads`, { json: submission, signal, timeout }).json()
          const parsed = v.safeParse(LeadAcceptedSchema, body)
          if (!parsed.success) throw new ServiceError('leads', 'unexpected', 'response without an item id')
          return { id: parsed.output.id }
        } catch (error) {
          failure = toServiceError('leads', error)
          askedMs = retryAfterMs(error)
        }
        const wait = Math.max(askedMs ?? 0, Math.round(backoff * (0.5 + random() / 2)))
        if (!isTransient(failure) || Date.now() + wait >= deadline) throw failure
        await sleep(wait, signal)
      }
    },
  }
}
