import type { CheckedPlace } from '../schemas/review-check.ts'

/** Best first: higher rating, then more reviews; a place without reviews comes last. */
export function byReviews(a: CheckedPlace, b: CheckedPlace): number {
  return (b.rating ?? 0) - (a.rating ?? 0) || b.reviewCount - a.reviewCount || a.id.localeCompare(b.id)
}

/** The competitors in order and the business's place among them all, from 1. */
export function rankAmong(business: CheckedPlace, others: readonly CheckedPlace[]): { competitors: CheckedPlace[]; rank: number } {
  const competitors = others.filter((place) => place.id !== business.id).sort(byReviews)
  const rank = 1 + competitors.filter((place) => byReviews(place, business) < 0).length
  return { competitors, rank }
}

/** The business and its competitors in one ranked list, as the result table shows them. */
export const rankedPlaces = (business: CheckedPlace, competitors: readonly CheckedPlace[]): CheckedPlace[] =>
  [business, ...competitors].sort(byReviews)
