import { describe, expect, it } from 'vitest'
import { readableTime } from '@/lib/readable-time'

describe('readableTime', () => {
  it.each([
    ['2026-11-25T09:12:33.123Z', 'Australia/Sydney', 'Wed 25 Nov 2026, 8:12 pm AEDT'],
    ['2026-06-01T00:05:00Z', 'Australia/Sydney', 'Mon 1 June 2026, 10:05 am AEST'],
    ['2026-11-26T22:00:00Z', 'UTC', 'Thu 26 Nov 2026, 10:00 pm UTC'],
    ['2026-11-26T22:00:00Z', 'America/New_York', 'Thu 26 Nov 2026, 5:00 pm GMT-5'],
  ])('%s in %s reads %s', (iso, zone, text) => {
    expect(readableTime(iso, zone)).toBe(text)
    expect(readableTime(new Date(iso), zone)).toBe(text)
  })
})
