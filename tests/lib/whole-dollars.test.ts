import { describe, expect, it } from 'vitest'
import { wholeDollars } from '@/lib/whole-dollars'

describe('wholeDollars', () => {
  // Canadian English writes US dollars as US$, the pattern an Australian visitor cannot take for their own dollar.
  it('writes what Intl.NumberFormat writes for whole US dollars where a bare $ is another currency', () => {
    const usd = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
    for (const amount of [0, 5, 39, 390, 999, 1000, 1660, 11_070, 123_456, 1_234_567, 89.5, 1999.49, -390, -1660]) {
      expect(wholeDollars(amount)).toBe(usd.format(amount))
    }
  })
})
