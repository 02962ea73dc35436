import * as v from 'valibot'
import { ReviewCheckErrorSchema, ReviewCheckResultSchema, type ReviewCheckResult } from '@/schemas/review-check'
import { CheckFailure, retryAfterSeconds, toServiceError } from './http-failure'
import { isHttpError, lazyHttp } from './http'

export interface ReviewCheckService {
  check(placeId: string, radiusKm: number, signal?: AbortSignal): Promise<ReviewCheckResult>
}

async function toFailure(error: unknown): Promise<CheckFailure> {
  if (!isHttpError(error)) {
    toServiceError('review-check', error) // rethrows an abort
    return new CheckFailure('down')
  }
  const wait = retryAfterSeconds(error)
  const body = v.safeParse(ReviewCheckErrorSchema, await error.response.json().catch(() => undefined))
  const code = body.success ? body.output.code : undefined
  if (error.response.status === 429) return new CheckFailure('rate-limited', wait)
  if (code === 'cap-reached') return new CheckFailure('cap-reached', wait)
  if (code === 'not-found' || code === 'invalid') return new CheckFailure('not-found')
  if (code === 'not-a-business') return new CheckFailure('not-a-business')
  return new CheckFailure('down')
}

/** The `review-check` edge function: one GET per check, no retry (each one is billed). */
export function createReviewCheckService({
  functionsUrl,
  timeoutMs = 15_000,
}: {
  functionsUrl: string
  timeoutMs?: number
}): ReviewCheckService {
  const http = lazyHttp({ timeout: timeoutMs, retry: 0 })
  return {
    async check(placeId, radiusKm, signal) {
      try {
        const body = await (
          await http()
        )
          .get(`${functionsUrl}/review-check`, { searchParams: { place: placeId, radius: radiusKm }, signal })
          .json()
        const parsed = v.safeParse(ReviewCheckResultSchema, body)
        if (!parsed.success) throw new CheckFailure('down')
        return parsed.output
      } catch (error) {
        if (error instanceof CheckFailure) throw error
        throw await toFailure(error)
      }
    },
  }
}
