import { describe, expect, it } from 'vitest'
import { wholeDollars } from '@/lib/whole-dollars'

describe('wholeDollars', () => {
  it('writes what Intl.NumberFormat writes for whole US dollars', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
    for (const amount of [0, 5, 39, 390, 999, 1000, 1660, 11_070, 123_456, 1_234_567, 89.5, 1999.49, -390, -1660]) {
      expect(wholeDollars(amount)).toBe(usd.format(amount))
    }
  })
})
