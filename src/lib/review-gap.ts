export const TARGET_RATINGS = [4.5, 4.7, 4.8, 4.9] as const
export type TargetRating = (typeof TARGET_RATINGS)[number]

/**
 * New 5-star reviews needed to lift `count` reviews averaging `rating` to `target`:
 * k = ceil(n(t - r) / (5 - t)), 0 when already there. Ratings are taken in hundredths so that
 * float error (4.7 - 4.6 = 0.10000000000000053) cannot push k up by one.
 */
export function reviewsNeeded(count: number, rating: number | null, target: number): number {
  const t = Math.round(target * 100)
  if (t >= 500) throw new RangeError('target must be below 5')
  if (count === 0 || rating === null) return 1
  const r = Math.round(rating * 100)
  if (r >= t) return 0
  const numerator = count * (t - r)
  const denominator = 500 - t
  return Math.floor((numerator + denominator - 1) / denominator)
}
