// A stand-in for Places API (New) over the business fixtures: Place Details, Nearby Search and
// Text Search, answering only the fields a request's X-Goog-FieldMask names, as Google does. The
// offline review check runs the real `review-check` handler on it, and the function's tests serve
// it on 127.0.0.1.
import { distanceMeters, type LatLng } from '../src/lib/geo.ts'
import { businessFixtures, mapsUrl, type BusinessFixture } from './fixtures/businesses.ts'

type Circle = { circle: { center: LatLng; radius: number } }
type SearchBody = {
  includedTypes?: string[]
  includedType?: string
  textQuery?: string
  maxResultCount?: number
  pageSize?: number
  locationRestriction?: Circle
  locationBias?: Circle
}

const googleError = (code: number, status: string, message: string) => Response.json({ error: { code, message, status } }, { status: code })

function asGoogle(place: BusinessFixture): Record<string, unknown> {
  return {
    id: place.id,
    displayName: { text: place.name, languageCode: 'en' },
    formattedAddress: place.address,
    location: place.location,
    primaryType: place.primaryType,
    googleMapsUri: mapsUrl(place.id),
    ...(place.rating === undefined ? {} : { rating: place.rating, userRatingCount: place.reviewCount }),
  }
}

function masked(place: BusinessFixture, fields: readonly string[]): Record<string, unknown> {
  const full = asGoogle(place)
  return Object.fromEntries(fields.filter((field) => field in full).map((field) => [field, full[field]]))
}

const near = (circle: Circle | undefined, place: BusinessFixture, stretch = 1) =>
  !circle || distanceMeters(circle.circle.center, place.location) <= circle.circle.radius * stretch

/** Answers one Places API (New) request as Google would, from `places`. */
export async function answerGooglePlaces(request: Request, places: readonly BusinessFixture[] = businessFixtures): Promise<Response> {
  if (!request.headers.get('x-goog-api-key')) return googleError(403, 'PERMISSION_DENIED', 'API key missing')
  const mask = request.headers.get('x-goog-fieldmask')
  if (!mask) return googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter')
  const path = new URL(request.url).pathname

  const detail = /^\/v1\/places\/([^/:]+)$/.exec(path)
  if (request.method === 'GET' && detail) {
    const place = places.find((p) => p.id === decodeURIComponent(detail[1]!))
    return place ? Response.json(masked(place, mask.split(','))) : googleError(404, 'NOT_FOUND', 'Requested entity was not found.')
  }

  if (request.method !== 'POST' || !/^\/v1\/places:search(Nearby|Text)$/.test(path)) return googleError(404, 'NOT_FOUND', 'Not found')
  const body = (await request.json()) as SearchBody
  const fields = mask.split(',').map((field) => field.replace(/^places\./, ''))
  const nearby = path.endsWith('searchNearby')
  const types = nearby ? (body.includedTypes ?? []) : body.includedType ? [body.includedType] : []
  const words = (body.textQuery ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  const found = places
    .filter((p) => types.length === 0 || types.includes(p.primaryType))
    // A bias is not a restriction: Text Search also answers places somewhat beyond the circle.
    .filter((p) => (nearby ? near(body.locationRestriction, p) : near(body.locationBias, p, 2)))
    .filter((p) => nearby || types.length > 0 || words.every((w) => `${p.name} ${p.primaryType}`.toLowerCase().includes(w)))
    .sort((a, b) => b.reviewCount - a.reviewCount)
    .slice(0, (nearby ? body.maxResultCount : body.pageSize) ?? 20)
  return Response.json(found.length > 0 ? { places: found.map((p) => masked(p, fields)) } : {})
}
