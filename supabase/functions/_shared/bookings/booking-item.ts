import { LEAD_COLUMNS } from '../board/client.ts'
import type { BookingItem } from './booking-store.ts'

/** The lead board's columns a booking without a lead can fill: its key (found by it before one is made), who booked, and how to reach them. */
export const bookingColumnValues = (booking: Pick<BookingItem, 'itemKey' | 'attendeeName' | 'attendeeEmail'>): string =>
  JSON.stringify({
    [LEAD_COLUMNS.submission]: booking.itemKey,
    [LEAD_COLUMNS.name]: booking.attendeeName,
    [LEAD_COLUMNS.email]: { email: booking.attendeeEmail, text: booking.attendeeEmail },
  })
