import { describe, expect, it } from 'vitest'
import { agencyTime } from '../../supabase/functions/_shared/runtime/agency-time.ts'
import { bookingNote } from '../../supabase/functions/_shared/bookings/cal-event.ts'

describe("the agency's time", () => {
  it('is Australia/Sydney unless AGENCY_TIME_ZONE says otherwise', () => {
    expect(agencyTime(new Date('2026-11-25T09:12:33.123Z'))).toBe('Wed 25 Nov 2026, 8:12 pm AEDT')
    expect(agencyTime('2026-11-25T09:12:33.123Z', 'Europe/London')).toBe('Wed 25 Nov 2026, 9:12 am GMT')
  })

  it('a zone Intl does not know falls back to the default instead of failing the note or the alert', () => {
    expect(agencyTime('2026-11-25T09:12:33.123Z', 'Mars/Olympus_Mons')).toBe('Wed 25 Nov 2026, 8:12 pm AEDT')
  })

  it("a booking's update names the time as the agency reads it, escaped for the board's HTML", () => {
    const start = new Date('2026-11-26T22:00:00.000Z')
    expect(bookingNote('BOOKING_CREATED', start, 'Grace <Hopper>')).toBe(
      '<p>Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace &lt;Hopper&gt;</p>',
    )
    expect(bookingNote('BOOKING_CANCELLED', start, 'Grace')).toBe(
      '<p>Strategy call cancelled (was Fri 27 Nov 2026, 9:00 am AEDT with Grace)</p>',
    )
  })
})
