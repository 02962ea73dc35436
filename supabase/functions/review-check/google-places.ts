import * as v from 'valibot'
import type { CheckedPlace } from '../../../src/schemas/review-check.ts'
import type { LatLng } from '../../../src/lib/geo.ts'
import type { Fetch } from '../_shared/http/http.ts'
import { excerpt, getJson, postJson, type Answer, type TransportFailure } from '../_shared/http/upstream.ts'

// Billing follows the most expensive field asked for: rating and userRatingCount make each call an
// Enterprise SKU, so nothing beyond what the result screen shows is requested.
const FIELDS = ['id', 'displayName', 'formattedAddress', 'location', 'primaryType', 'googleMapsUri', 'rating', 'userRatingCount']
export const DETAILS_FIELD_MASK = FIELDS.join(',')
export const SEARCH_FIELD_MASK = FIELDS.map((field) => `places.${field}`).join(',')
export const SEARCH_PAGE_SIZE = 10

const GooglePlace = v.object({
  id: v.string(),
  displayName: v.optional(v.object({ text: v.string() })),
  formattedAddress: v.optional(v.string(), ''),
  location: v.optional(v.object({ latitude: v.number(), longitude: v.number() })),
  primaryType: v.optional(v.string()),
  googleMapsUri: v.optional(v.string()),
  rating: v.optional(v.number()),
  userRatingCount: v.optional(v.number(), 0),
})
const GoogleSearch = v.object({ places: v.optional(v.array(v.unknown()), []) })
const GoogleError = v.object({ error: v.object({ message: v.string() }) })

export type FoundPlace = CheckedPlace & { location: LatLng }

export type PlacesFailure = { kind: 'not-found' } | { kind: 'failed'; reason: string; status?: number; message: string }
export type PlacesResult<T> = { ok: true; value: T } | ({ ok: false } & PlacesFailure)

export type PlacesClient = {
  details(placeId: string): Promise<PlacesResult<FoundPlace | 'not-a-business'>>
  nearby(type: string, center: LatLng, radiusMeters: number): Promise<PlacesResult<FoundPlace[]>>
  text(type: string, center: LatLng, radiusMeters: number): Promise<PlacesResult<FoundPlace[]>>
}

/** Places API (New): Place Details, Nearby Search and Text Search with the server key. */
export function createPlacesClient(deps: { apiKey: string; baseUrl: string; fetch: Fetch; timeoutMs: number }): PlacesClient {
  const base = `${deps.baseUrl.replace(/\/+$/, '')}/v1`
  const headers = (mask: string) => ({ 'x-goog-api-key': deps.apiKey, 'x-goog-fieldmask': mask })
  const circle = (center: LatLng, radius: number) => ({ circle: { center, radius } })
  const search = async (endpoint: string, payload: unknown): Promise<PlacesResult<FoundPlace[]>> => {
    const answer = await postJson(deps.fetch, `${base}/${endpoint}`, {
      headers: headers(SEARCH_FIELD_MASK),
      payload,
      timeoutMs: deps.timeoutMs,
    })
    const failure = failed(answer)
    if (failure) return failure
    const parsed = v.safeParse(GoogleSearch, (answer as Answer).json)
    if (!parsed.success) return { ok: false, kind: 'failed', reason: 'invalid-response', message: excerpt((answer as Answer).text) }
    return { ok: true, value: parsed.output.places.flatMap(toFoundPlace) }
  }

  return {
    async details(placeId) {
      const url = `${base}/places/${encodeURIComponent(placeId)}`
      const answer = await getJson(deps.fetch, url, { headers: headers(DETAILS_FIELD_MASK), timeoutMs: deps.timeoutMs })
      // Google answers 404 for an unknown id and 400 for one it cannot read.
      if (answer.kind === 'answer' && (answer.status === 404 || answer.status === 400)) return { ok: false, kind: 'not-found' }
      const failure = failed(answer)
      if (failure) return failure
      const place = toFoundPlace((answer as Answer).json)[0]
      if (!place && !v.is(GooglePlace, (answer as Answer).json))
        return { ok: false, kind: 'failed', reason: 'invalid-response', message: excerpt((answer as Answer).text) }
      return { ok: true, value: place ?? 'not-a-business' }
    },
    nearby: (type, center, radius) =>
      search('places:searchNearby', {
        includedTypes: [type],
        maxResultCount: SEARCH_PAGE_SIZE,
        rankPreference: 'POPULARITY',
        locationRestriction: circle(center, radius),
      }),
    text: (type, center, radius) =>
      search('places:searchText', {
        textQuery: type.replaceAll('_', ' '),
        includedType: type,
        locationBias: circle(center, radius),
        pageSize: SEARCH_PAGE_SIZE,
      }),
  }
}

function failed(answer: Answer | TransportFailure): ({ ok: false } & PlacesFailure) | undefined {
  if (answer.kind !== 'answer') return { ok: false, kind: 'failed', reason: answer.kind, message: answer.message }
  if (answer.status >= 200 && answer.status <= 299) return undefined
  const error = v.safeParse(GoogleError, answer.json)
  return {
    ok: false,
    kind: 'failed',
    reason: 'http',
    status: answer.status,
    message: error.success ? error.output.error.message : excerpt(answer.text),
  }
}

/** A place the check can use: it has a type, a position and a Maps page; anything else is skipped. */
function toFoundPlace(raw: unknown): FoundPlace[] {
  const parsed = v.safeParse(GooglePlace, raw)
  if (!parsed.success) return []
  const p = parsed.output
  if (!p.primaryType || !p.location || !p.googleMapsUri || !/^[A-Za-z0-9_-]{1,255}$/.test(p.id)) return []
  return [
    {
      id: p.id,
      name: p.displayName?.text ?? p.formattedAddress,
      address: p.formattedAddress,
      primaryType: p.primaryType,
      rating: p.userRatingCount > 0 && p.rating !== undefined ? p.rating : null,
      reviewCount: p.userRatingCount,
      mapsUrl: p.googleMapsUri,
      location: p.location,
    },
  ]
}
