import { LEAD_COLUMNS } from '../board/client.ts'
import { boardPhone } from '../runtime/phone.ts'
import type { BookingItem } from './booking-store.ts'
import type { BookingEvent } from './cal-event.ts'

/** The lead board's columns for the call: a date column and a status column, so the board sorts and filters by them. */
export const BOOKING_COLUMNS = { callDate: 'call_date', callStatus: 'call_status' } as const

/** The status column's labels (docs/bookings.md: the board needs these four). */
export const CALL_STATUS: Record<BookingEvent, string> = {
  BOOKING_CREATED: 'Booked',
  BOOKING_RESCHEDULED: 'Moved',
  BOOKING_CANCELLED: 'Cancelled',
  MEETING_ENDED: 'Held',
}

/** The call's date and time (UTC, as the board's date column takes it; it shows them in each user's zone) and its status. */
export function callColumnValues(booking: Pick<BookingItem, 'event' | 'startTime'>): string {
  const iso = booking.startTime.toISOString()
  return JSON.stringify({
    [BOOKING_COLUMNS.callDate]: { date: iso.slice(0, 10), time: iso.slice(11, 19) },
    [BOOKING_COLUMNS.callStatus]: { label: CALL_STATUS[booking.event] },
  })
}

/** The lead board's columns a booking without a lead can fill: its key (found by it before one is made), who booked, and how to reach them. */
export const bookingColumnValues = (booking: Pick<BookingItem, 'itemKey' | 'attendeeName' | 'attendeeEmail' | 'attendeePhone'>): string =>
  JSON.stringify({
    [LEAD_COLUMNS.submission]: booking.itemKey,
    [LEAD_COLUMNS.name]: booking.attendeeName,
    [LEAD_COLUMNS.email]: { email: booking.attendeeEmail, text: booking.attendeeEmail },
    // As a lead's phone (leadColumnValues): E.164 with its own country (deviation 9).
    ...(booking.attendeePhone ? { [LEAD_COLUMNS.phone]: boardPhone(booking.attendeePhone) } : {}),
  })
