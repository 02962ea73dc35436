// The check's values without valibot: the /check route's options load with every page (issue 45).
// Imports nothing, so Deno loads it as it is (review-check.ts builds its schemas on these).
export const RADII_KM = [2, 5, 10] as const
export type RadiusKm = (typeof RADII_KM)[number]
export const DEFAULT_RADIUS_KM: RadiusKm = 5

/** Google place ids are URL-safe base64-like strings; the offline fixtures use `mock-…`. */
export const PLACE_ID_PATTERN = /^[A-Za-z0-9_-]{1,255}$/
