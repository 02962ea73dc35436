import { delay, http, HttpResponse } from 'msw'
import { consoleLogger } from '../../supabase/functions/_shared/runtime/logger.ts'
import { createReviewCheckHandler } from '../../supabase/functions/review-check/handler.ts'
import { answerGooglePlaces } from '../fake-google-places'
import { REVIEW_CHECK_FUNCTION } from '../endpoints'
import { recordRequest } from '../recorder'
import { isScenario } from '../scenario'
import { tokenVerified, VERIFICATION_FAILED } from '../turnstile'
import { unsupportedType } from '../media-type'

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

type CheckBody = { place?: unknown; radius?: unknown; turnstileToken?: unknown }

/**
 * The browser posts `{ place, radius, turnstileToken }`; a missing or failed token is refused with
 * 403 before any call to Google, as the function does. The rest is the function's own handler.
 */
export const reviewCheckHandlers = [
  http.options(REVIEW_CHECK_FUNCTION, () => new HttpResponse(null, { status: 204 })),
  http.post(REVIEW_CHECK_FUNCTION, async ({ request }) => {
    const refused = unsupportedType(request)
    if (refused) return refused
    const body = ((await request.json().catch(() => undefined)) ?? {}) as CheckBody
    recordRequest('review-check', { place: body.place ?? null, radius: body.radius === undefined ? null : String(body.radius) })
    await delay(isScenario('slow') ? 1_500 : 120)
    if (!tokenVerified(body)) return HttpResponse.json(VERIFICATION_FAILED, { status: 403 })
    const url = new URL(request.url)
    url.searchParams.set('place', String(body.place ?? ''))
    url.searchParams.set('radius', String(body.radius ?? ''))
    return handler(new Request(url, { method: 'GET' }))
  }),
]
