import { LEAD_COLUMNS } from '../board/client.ts'
import type { Booking } from './cal-event.ts'

/** The lead board's columns a booking without a lead can fill: who booked, and how to reach them. */
export const bookingColumnValues = (booking: Booking): string =>
  JSON.stringify({
    [LEAD_COLUMNS.name]: booking.attendeeName,
    [LEAD_COLUMNS.email]: { email: booking.attendeeEmail, text: booking.attendeeEmail },
  })
