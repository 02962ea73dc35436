import { delay, http } from 'msw'
import { consoleLogger } from '../../supabase/functions/_shared/runtime/logger.ts'
import { createReviewCheckHandler } from '../../supabase/functions/review-check/handler.ts'
import { answerGooglePlaces } from '../fake-google-places'
import { REVIEW_CHECK_FUNCTION } from '../endpoints'
import { recordRequest } from '../recorder'
import { isScenario } from '../scenario'

const HOUR = 3_600

/**
 * The `review-check` function's own handler on a fake Google over the business fixtures, so the
 * offline answers (and their failures) are the function's. Scenarios: `check-limited` (the client
 * limit, 25 minutes to wait), `check-down` (Google failing), `check-cap` (the daily cap reached).
 */
const handler = createReviewCheckHandler({
  apiKey: 'offline',
  baseUrl: 'https://places.offline',
  allowedOrigins: ['*'],
  logger: consoleLogger,
  fetch: (input, init) => {
    if (isScenario('check-down')) return Promise.resolve(Response.json({ error: { message: 'Backend Error' } }, { status: 500 }))
    return answerGooglePlaces(new Request(input, init))
  },
  limiters: [async () => (isScenario('check-limited') ? { allowed: false, retryAfterSeconds: 25 * 60 } : { allowed: true })],
  dailyCap: async () => (isScenario('check-cap') ? { allowed: false, retryAfterSeconds: 10 * HOUR } : { allowed: true }),
})

export const reviewCheckHandlers = [
  http.get(REVIEW_CHECK_FUNCTION, async ({ request }) => {
    const url = new URL(request.url)
    recordRequest('review-check', { place: url.searchParams.get('place'), radius: url.searchParams.get('radius') })
    await delay(isScenario('slow') ? 1_500 : 120)
    return handler(new Request(request.url, { method: request.method }))
  }),
]
