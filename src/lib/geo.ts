export type LatLng = { latitude: number; longitude: number }

const EARTH_RADIUS_M = 6_371_000
const rad = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance (haversine), in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude)
  const dLng = rad(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h))
}
