import * as v from 'valibot'
import { distanceMeters } from '../../../src/lib/geo.ts'
import { rankAmong } from '../../../src/lib/place-ranking.ts'
import {
  ReviewCheckQuerySchema,
  type CheckedPlace,
  type ReviewCheckCode,
  type ReviewCheckResult,
} from '../../../src/schemas/review-check.ts'
import { BAD_CHARACTERS, CleanInputSchema } from '../../../src/schemas/visitor-text.ts'
import { withCors } from '../_shared/http/cors.ts'
import {
  bodyType,
  json,
  JSON_TYPE,
  methodNotAllowed,
  parseJson,
  readLimitedText,
  unsupportedMediaType,
  type Fetch,
} from '../_shared/http/http.ts'
import type { Verifier } from '../_shared/turnstile/siteverify.ts'
import { DEFAULT_SALES_PHONE, verificationFailed, verificationUnavailable } from '../_shared/turnstile/refusal.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { RateDecision, RateLimiter } from '../_shared/limits/rate-limit.ts'
import type { DailyCap } from '../_shared/limits/daily-cap.ts'
import { createPlacesClient, SEARCH_PAGE_SIZE, type FoundPlace, type PlacesFailure } from './google-places.ts'

export const DEFAULT_PLACES_URL = 'https://places.googleapis.com'
/** Below this many same-type places from Nearby Search, Text Search is asked as well. */
export const MIN_NEARBY = 3
const PLACES_TIMEOUT_MS = 5_000
const MAX_BODY_BYTES = 4 * 1024

export type ReviewCheckDeps = {
  apiKey: string | undefined
  baseUrl: string
  allowedOrigins: readonly string[]
  fetch: Fetch
  logger: Logger
  /** Per client (3 an hour, 10 a day); every one must allow. */
  limiters: readonly RateLimiter[]
  dailyCap?: DailyCap
  timeoutMs?: number
  /** Cloudflare Turnstile (action 'check'); absent or off: no check. */
  verifier?: Verifier
  salesPhone?: string
}

const problem = (status: number, code: ReviewCheckCode, message: string, headers: Record<string, string> = {}) =>
  json(status, { code, message }, headers)

export function createReviewCheckHandler(deps: ReviewCheckDeps): (req: Request) => Promise<Response> {
  const { logger } = deps

  /** GET with `place` and `radius` in the query, or POST with them and `turnstileToken` as JSON. */
  async function readQuery(req: Request): Promise<Record<string, unknown> | Response> {
    if (req.method === 'GET') return Object.fromEntries(new URL(req.url).searchParams)
    if (bodyType(req) !== 'json') return unsupportedMediaType([JSON_TYPE])
    const text = await readLimitedText(req, MAX_BODY_BYTES)
    if (text === 'too-large') return problem(413, 'invalid', `The request is over ${MAX_BODY_BYTES} bytes`)
    const body = parseJson(text)
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return problem(400, 'invalid', 'The body is not a JSON object')
    return body as Record<string, unknown>
  }

  async function handle(req: Request): Promise<Response> {
    if (req.method !== 'GET' && req.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
    const input = await readQuery(req)
    if (input instanceof Response) return input
    if (!v.is(CleanInputSchema, input)) return problem(400, 'invalid', BAD_CHARACTERS)
    const query = v.safeParse(ReviewCheckQuerySchema, { place: input.place ?? undefined, radius: input.radius ?? undefined })
    if (!query.success) return problem(400, 'invalid', query.issues.map((issue) => issue.message).join('; '))
    if (!deps.apiKey) {
      logger.warn('review-check function is not configured', { missing: ['GOOGLE_MAPS_API_KEY'] })
      return problem(503, 'unavailable', 'The review check is not configured')
    }

    const refused = await limited(req)
    if (refused) return refused
    // Before Google is called: a check without a person behind it costs money and gets nothing.
    if (deps.verifier) {
      const verification = await deps.verifier({
        token: input.turnstileToken,
        action: 'check',
        headers: req.headers,
        idempotencyKey: crypto.randomUUID(),
      })
      if (verification.kind === 'unavailable') return verificationUnavailable()
      if (verification.kind === 'unverified') return verificationFailed(deps.salesPhone ?? DEFAULT_SALES_PHONE)
    }
    const overCap = await capped()
    if (overCap) return overCap

    const { place, radius } = query.output
    const places = createPlacesClient({
      apiKey: deps.apiKey,
      baseUrl: deps.baseUrl,
      fetch: deps.fetch,
      timeoutMs: deps.timeoutMs ?? PLACES_TIMEOUT_MS,
    })
    const details = await places.details(place)
    if (!details.ok) return placesFailed(details)
    if (details.value === 'not-a-business') return problem(422, 'not-a-business', 'This place is not a business with reviews')
    const business = details.value

    const meters = radius * 1000
    const nearby = await places.nearby(business.primaryType, business.location, meters)
    if (!nearby.ok) return placesFailed(nearby)
    let found = nearby.value
    if (found.filter((p) => p.id !== business.id).length < MIN_NEARBY) {
      const text = await places.text(business.primaryType, business.location, meters)
      if (!text.ok) return placesFailed(text)
      found = [...found, ...text.value]
    }

    const result: ReviewCheckResult = {
      ...rankAmong(checked(business), withinRadius(business, found, meters)),
      business: checked(business),
      radiusKm: radius,
    }
    return json(200, result)
  }

  function placesFailed(failure: PlacesFailure): Response {
    if (failure.kind === 'not-found') return problem(404, 'not-found', 'No business has this place id')
    logger.warn('review check: places failed', { reason: failure.reason, status: failure.status, message: failure.message })
    return problem(502, 'places-failed', 'Google Places did not answer; try again in a moment')
  }

  /** A broken limiter fails closed: every check costs money. */
  async function guarded(check: () => Promise<Response | undefined>): Promise<Response | undefined> {
    try {
      return await check()
    } catch (error) {
      logger.error('review check: rate limit check failed', { message: error instanceof Error ? error.message : String(error) })
      return problem(503, 'unavailable', 'The review check is unavailable')
    }
  }

  const limited = (req: Request) =>
    guarded(async () => {
      const decisions: RateDecision[] = []
      for (const limiter of deps.limiters) decisions.push(await limiter(req))
      const wait = Math.max(0, ...decisions.map((d) => (d.allowed ? 0 : d.retryAfterSeconds)))
      if (wait > 0) return problem(429, 'rate-limited', 'Too many checks from this connection', { 'retry-after': String(wait) })
      return undefined
    })

  /** After the bot check, so requests without a person behind them never use up everyone's day. */
  const capped = () =>
    guarded(async () => {
      const cap = deps.dailyCap ? await deps.dailyCap() : { allowed: true as const }
      if (cap.allowed) return undefined
      logger.warn('review check: daily cap reached', { retryAfterSeconds: cap.retryAfterSeconds })
      return problem(503, 'cap-reached', 'Today’s checks are used up', { 'retry-after': String(cap.retryAfterSeconds) })
    })

  return withCors(handle, { allowedOrigins: deps.allowedOrigins, methods: ['GET', 'POST'] })
}

/** Same-type places within the radius (Text Search only biases), each once, never the business itself. */
function withinRadius(business: FoundPlace, found: readonly FoundPlace[], meters: number): CheckedPlace[] {
  const seen = new Set([business.id])
  return found
    .filter((p) => p.primaryType === business.primaryType && distanceMeters(business.location, p.location) <= meters)
    .filter((p) => !seen.has(p.id) && Boolean(seen.add(p.id)))
    .slice(0, SEARCH_PAGE_SIZE)
    .map(checked)
}

/** Only what the page shows leaves the function; the position stays here. */
const checked = ({ location: _location, ...place }: FoundPlace): CheckedPlace => place
