import * as v from 'valibot'
import { ReviewCheckErrorSchema, ReviewCheckResultSchema, type ReviewCheckResult } from '@/schemas/review-check'
import { FailureError } from '@/schemas/failure'
import type { CheckFailureKind } from '@/schemas/review-check'
import { rethrowAbort, retryAfterSeconds } from './http-failure'
import { isHttpError, lazyHttp } from './http'

export interface ReviewCheckService {
  /** `turnstileToken`: the bot check's token for action 'check'; the function refuses a check without a valid one. */
  check(placeId: string, radiusKm: number, options?: { signal?: AbortSignal; turnstileToken?: string }): Promise<ReviewCheckResult>
}

const checkFailure = (kind: CheckFailureKind, retryAfterSeconds?: number) =>
  new FailureError(kind, { service: 'review-check', retryAfterSeconds })

async function toFailure(error: unknown): Promise<FailureError<CheckFailureKind>> {
  rethrowAbort(error)
  if (!isHttpError(error)) return checkFailure('down')
  const wait = retryAfterSeconds(error)
  const body = v.safeParse(ReviewCheckErrorSchema, await error.response.json().catch(() => undefined))
  const code = body.success ? body.output.code : undefined
  if (error.response.status === 429) return checkFailure('rate-limited', wait)
  if (error.response.status === 403) return checkFailure('verification-failed')
  if (code === 'cap-reached') return checkFailure('cap-reached', wait)
  if (code === 'not-found' || code === 'invalid') return checkFailure('not-found')
  if (code === 'not-a-business') return checkFailure('not-a-business')
  return checkFailure('down')
}

/** The `review-check` edge function: one POST per check, no retry (each one is billed, and its token is single-use). */
export function createReviewCheckService({
  functionsUrl,
  timeoutMs = 15_000,
}: {
  functionsUrl: string
  timeoutMs?: number
}): ReviewCheckService {
  const http = lazyHttp({ timeout: timeoutMs, retry: 0 })
  return {
    async check(placeId, radiusKm, { signal, turnstileToken } = {}) {
      let body: unknown
      try {
        body = await (
          await http()
        )
          .post(`${functionsUrl}/review-check`, { json: { place: placeId, radius: radiusKm, turnstileToken }, signal })
          .json()
      } catch (error) {
        throw await toFailure(error)
      }
      const parsed = v.safeParse(ReviewCheckResultSchema, body)
      if (!parsed.success) throw checkFailure('down')
      return parsed.output
    },
  }
}
