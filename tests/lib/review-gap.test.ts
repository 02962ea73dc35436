import { describe, expect, it } from 'vitest'
import { reviewsNeeded, TARGET_RATINGS } from '@/lib/review-gap'

describe('reviewsNeeded', () => {
  it('is k = ceil(n(t - r) / (5 - t))', () => {
    expect(reviewsNeeded(212, 4.6, 4.7)).toBe(71) // 212 * 0.1 / 0.3 = 70.67
    expect(reviewsNeeded(212, 4.6, 4.8)).toBe(212) // 212 * 0.2 / 0.2
    expect(reviewsNeeded(212, 4.6, 4.9)).toBe(636)
    expect(reviewsNeeded(10, 4.0, 4.5)).toBe(10)
  })

  it('does not let float error add a review when the division is exact', () => {
    // In floats 100 * (4.9 - 4.8) / (5 - 4.9) is 100.0000000000009, whose ceiling is 101.
    expect(reviewsNeeded(30, 4.4, 4.7)).toBe(30)
    expect(reviewsNeeded(3, 4.6, 4.8)).toBe(3)
    expect(reviewsNeeded(100, 4.8, 4.9)).toBe(100)
  })

  it('is none when the rating is already at or above the target', () => {
    for (const target of TARGET_RATINGS) expect(reviewsNeeded(50, 4.9, target)).toBe(0)
    expect(reviewsNeeded(50, 4.5, 4.5)).toBe(0)
  })

  it('is one review for a business with none yet', () => {
    expect(reviewsNeeded(0, null, 4.9)).toBe(1)
  })

  it('refuses a target of 5, which no finite number of reviews reaches', () => {
    expect(() => reviewsNeeded(10, 4, 5)).toThrow(RangeError)
  })
})
