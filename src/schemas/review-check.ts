// Shared by the check page, the review-check service, the MSW handler and the `review-check`
// edge function. It imports nothing but valibot and its values, so Deno can load it as it is.
import * as v from 'valibot'
import { PLACE_ID_PATTERN, RADII_KM } from './review-check-values.ts'

export { DEFAULT_RADIUS_KM, RADII_KM, type RadiusKm } from './review-check-values.ts'

export const PlaceIdSchema = v.pipe(
  v.string('place is required'),
  v.regex(PLACE_ID_PATTERN, 'place must be 1-255 characters of A-Z a-z 0-9 _ -'),
)

/** `radius` arrives as text in a URL; only the three offered values are accepted. */
export const RadiusSchema = v.pipe(
  v.union([v.string(), v.number()], 'radius is required'),
  v.transform(Number),
  v.picklist(RADII_KM, 'radius must be 2, 5 or 10'),
)

export const ReviewCheckQuerySchema = v.object({ place: PlaceIdSchema, radius: RadiusSchema })

/** What the check shows of a place; nothing of it is stored anywhere. */
export const CheckedPlaceSchema = v.object({
  id: PlaceIdSchema,
  name: v.pipe(v.string(), v.maxLength(300)),
  address: v.pipe(v.string(), v.maxLength(500)),
  primaryType: v.pipe(v.string(), v.maxLength(100)),
  /** null when the place has no reviews yet. */
  rating: v.nullable(v.pipe(v.number(), v.minValue(1), v.maxValue(5))),
  reviewCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  mapsUrl: v.pipe(v.string(), v.url()),
})

export const ReviewCheckResultSchema = v.object({
  business: CheckedPlaceSchema,
  /** The other places of the same type nearby, best first (rating, then review count). */
  competitors: v.array(CheckedPlaceSchema),
  /** The business's place among itself and the competitors, from 1. */
  rank: v.pipe(v.number(), v.integer(), v.minValue(1)),
  radiusKm: v.picklist(RADII_KM),
})

/** The error codes the function answers with; the page maps each to its own state. */
export const REVIEW_CHECK_CODES = [
  'invalid',
  'not-found',
  'not-a-business',
  'rate-limited',
  'cap-reached',
  'places-failed',
  'unavailable',
] as const
export type ReviewCheckCode = (typeof REVIEW_CHECK_CODES)[number]
export const ReviewCheckErrorSchema = v.object({ code: v.picklist(REVIEW_CHECK_CODES), message: v.string() })

/** Why a check failed, as the page names it: the service's Failure carries it to the check machine. */
// 'verification-failed': the function found no valid bot-check token (a blocked widget, a failed challenge).
export const CHECK_FAILURE_KINDS = ['rate-limited', 'cap-reached', 'not-found', 'not-a-business', 'verification-failed', 'down'] as const
export type CheckFailureKind = (typeof CHECK_FAILURE_KINDS)[number]

export type CheckedPlace = v.InferOutput<typeof CheckedPlaceSchema>
export type ReviewCheckResult = v.InferOutput<typeof ReviewCheckResultSchema>

export const reviewLink = (placeId: string) => `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`
