import * as v from 'valibot'
import { LeadAcceptedSchema, type LeadAccepted, type LeadSubmission } from '@/schemas/lead'
import { FailureError, FailureIssuesSchema } from '@/schemas/failure'
import { toFailure } from './http-failure'
import { retryWithin } from './retry-policy'
import { isHttpError, lazyHttp } from './http'

/** A 400 from the function names what it refused (`{ error, issues }`): the form marks those fields. */
async function refusal(error: unknown): Promise<FailureError | undefined> {
  if (!isHttpError(error) || error.response.status !== 400) return undefined
  const body: unknown = await error.response.json().catch(() => undefined)
  const issues = v.safeParse(v.object({ issues: FailureIssuesSchema }), body)
  if (!issues.success) return undefined
  return new FailureError('invalid', { service: 'leads', detail: 'HTTP 400', status: 400, issues: issues.output.issues })
}

export interface LeadsService {
  submit(submission: LeadSubmission, signal?: AbortSignal): Promise<Pick<LeadAccepted, 'id' | 'booking'> & { verified?: boolean }>
  /** Where the lead form posts natively (before or without the script). */
  readonly nativeAction: string
}

export type LeadsConfig = {
  functionsUrl: string
  nativeAction?: string
  /** How long a submission keeps retrying before the visitor sees the error. */
  retryBudgetMs?: number
  /** The first wait between attempts; it doubles, with jitter, up to 5 s. */
  firstRetryMs?: number
  /** One attempt's limit; above the function's longest answer (about 14 s). */
  timeoutMs?: number
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
}: LeadsConfig): LeadsService {
  const http = lazyHttp({ timeout: timeoutMs })
  return {
    nativeAction,
    async submit(submission, signal) {
      let body: unknown
      try {
        const request = (await http()).post(`${functionsUrl}/leads`, {
          json: submission,
          ...retryWithin({ retryBudgetMs, firstRetryMs, timeoutMs }, signal),
        })
        body = await request.json()
      } catch (error) {
        throw (await refusal(error)) ?? toFailure('leads', error)
      }
      const parsed = v.safeParse(LeadAcceptedSchema, body)
      if (!parsed.success) throw new FailureError('unexpected', { service: 'leads', detail: 'response without an item id' })
      const { id, booking } = parsed.output
      // The function's word on the lead (false: kept as unverified), when it gives one.
      const { verified } = body as { verified?: unknown }
      return { id, ...(booking && { booking }), ...(typeof verified === 'boolean' && { verified }) }
    },
  }
}
