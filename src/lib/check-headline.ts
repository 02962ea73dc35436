import type { ReviewCheckResult } from '@/schemas/review-check'
import { pluralNoun } from './place-type-noun'

const reviews = (count: number) => `${count} review${count === 1 ? '' : 's'}`

/** '4.6 stars, 212 reviews, #3 of 10 vets within 5 km'. */
export function checkHeadline({ business, competitors, rank, radiusKm }: ReviewCheckResult): string {
  const total = competitors.length + 1
  const stars = business.rating === null ? 'No stars yet' : `${business.rating.toFixed(1)} stars`
  return `${stars}, ${reviews(business.reviewCount)}, #${rank} of ${total} ${pluralNoun(business.primaryType, total)} within ${radiusKm} km`
}
