import * as v from 'valibot'
import { withCors } from '../_shared/http/cors.ts'
import { json, methodNotAllowed, type Fetch } from '../_shared/http/http.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { RateLimiter } from '../_shared/limits/rate-limit.ts'
import { excerpt, postJson } from '../_shared/http/upstream.ts'

export const DEFAULT_PLACES_URL = 'https://places.googleapis.com'
export const PLACES_FIELD_MASK = 'suggestions.placePrediction.placeId,suggestions.placePrediction.text'
const PLACES_TIMEOUT_MS = 5_000

export type PlacesDeps = {
  apiKey: string | undefined
  baseUrl: string
  regionCodes: readonly string[]
  allowedOrigins: readonly string[]
  fetch: Fetch
  logger: Logger
  /** Every autocomplete request is billed: a per-client limit (looser than the leads one). */
  limiter?: RateLimiter
  timeoutMs?: number
}

export type Prediction = { place_id: string; description: string }

/** The session token is required: without one Google bills every keystroke as its own request. */
const Query = v.object({
  input: v.pipe(
    v.string('input is required'),
    v.trim(),
    v.nonEmpty('input is required'),
    v.maxLength(200, 'input is longer than 200 characters'),
  ),
  session: v.pipe(
    v.string('session is required'),
    v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'session must be 1-100 characters of A-Z a-z 0-9 _ -'),
  ),
  /** `business`: the review check's search, establishments only. */
  kind: v.optional(v.picklist(['address', 'business'], 'kind must be address or business'), 'address'),
})

const PlacePrediction = v.object({ placeId: v.pipe(v.string(), v.nonEmpty()), text: v.object({ text: v.string() }) })
const GoogleAnswer = v.object({ suggestions: v.optional(v.array(v.unknown()), []) })
const GoogleError = v.object({ error: v.object({ message: v.string() }) })

export function createPlacesHandler(deps: PlacesDeps): (req: Request) => Promise<Response> {
  const { logger } = deps
  const endpoint = `${deps.baseUrl.replace(/\/+$/, '')}/v1/places:autocomplete`

  async function handle(req: Request): Promise<Response> {
    if (req.method !== 'GET') return methodNotAllowed(['GET'])

    const params = new URL(req.url).searchParams
    const query = v.safeParse(Query, {
      input: params.get('input') ?? undefined,
      session: params.get('session') ?? undefined,
      kind: params.get('kind') ?? undefined,
    })
    if (!query.success) {
      return json(400, { status: 'INVALID_REQUEST', predictions: [], error: query.issues.map((issue) => issue.message).join('; ') })
    }
    if (!deps.apiKey) {
      logger.warn('places function is not configured', { missing: ['GOOGLE_MAPS_API_KEY'] })
      return json(503, { status: 'UNAVAILABLE', predictions: [], error: 'Address suggestions are not configured' })
    }

    const limited = await rateLimited(req)
    if (limited) return limited

    const { input, session, kind } = query.output
    const answer = await postJson(deps.fetch, endpoint, {
      headers: { 'x-goog-api-key': deps.apiKey, 'x-goog-fieldmask': PLACES_FIELD_MASK },
      payload: {
        input,
        sessionToken: session,
        ...(deps.regionCodes.length > 0 ? { includedRegionCodes: deps.regionCodes } : {}),
        ...(kind === 'business' ? { includedPrimaryTypes: ['establishment'] } : {}),
      },
      timeoutMs: deps.timeoutMs ?? PLACES_TIMEOUT_MS,
    })

    const unavailable = (fields: Record<string, unknown>) => {
      logger.warn('places autocomplete failed', fields)
      return json(502, { status: 'UNAVAILABLE', predictions: [], error: 'Address suggestions are unavailable' })
    }
    if (answer.kind !== 'answer') return unavailable({ reason: answer.kind, message: answer.message })
    if (answer.status < 200 || answer.status > 299) {
      const error = v.safeParse(GoogleError, answer.json)
      return unavailable({
        reason: 'http',
        status: answer.status,
        message: error.success ? error.output.error.message : excerpt(answer.text),
      })
    }
    const parsed = v.safeParse(GoogleAnswer, answer.json)
    if (!parsed.success) return unavailable({ reason: 'invalid-response', message: excerpt(answer.text) })

    const predictions = parsed.output.suggestions.flatMap(toPrediction)
    return json(200, { status: predictions.length > 0 ? 'OK' : 'ZERO_RESULTS', predictions })
  }

  /** A limited visitor gets no suggestions and types the address; a broken limiter fails open. */
  async function rateLimited(req: Request): Promise<Response | undefined> {
    if (!deps.limiter) return undefined
    try {
      const decision = await deps.limiter(req)
      if (decision.allowed) return undefined
      return json(
        429,
        { status: 'OVER_QUERY_LIMIT', predictions: [], error: 'Too many address lookups; type the address' },
        { 'retry-after': String(decision.retryAfterSeconds) },
      )
    } catch (error) {
      logger.warn('places rate limit check failed', { message: error instanceof Error ? error.message : String(error) })
      return undefined
    }
  }

  return withCors(handle, { allowedOrigins: deps.allowedOrigins, methods: ['GET'] })
}

/** Query predictions (no placePrediction) and malformed entries are skipped. */
function toPrediction(suggestion: unknown): Prediction[] {
  if (typeof suggestion !== 'object' || suggestion === null || !('placePrediction' in suggestion)) return []
  const place = v.safeParse(PlacePrediction, suggestion.placePrediction)
  return place.success ? [{ place_id: place.output.placeId, description: place.output.text.text }] : []
}
