import * as v from 'valibot'

/** Tracking values carried in any page's query (SPEC §3): `?platform=google&keyword=vet`. */
export const trackingDefaults = { platform: '', keyword: '' }

// The router parses query values as JSON, so `?keyword=123` arrives as a number: keep it as text.
const trackingValue = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number(), v.boolean()]), v.transform(String), v.trim(), v.maxLength(100)), ''),
  '',
)

export const TrackingSearchSchema = v.object({
  platform: trackingValue,
  keyword: trackingValue,
})

export type TrackingSearch = v.InferOutput<typeof TrackingSearchSchema>
