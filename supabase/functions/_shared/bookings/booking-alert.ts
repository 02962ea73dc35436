import type { AlertContent } from '../alerts/channels.ts'
import { visitorText } from '../alerts/text.ts'
import { emailText } from '../alerts/links.ts'
import type { BookingItem } from './booking-store.ts'

/** One booking update that gave up: who booked, why it failed, and how to send it again. */
export function bookingFailedAlert(booking: BookingItem, error: string): AlertContent {
  return (format) => {
    const subject = `Booking not on the board: ${visitorText(booking.attendeeName, format)}`
    const text = [
      subject,
      `Contact: ${emailText(booking.attendeeEmail, format)}`,
      `Booking: ${visitorText(booking.bookingUid, format)} (lead_bookings id ${booking.id})`,
      `Last error: ${visitorText(error, format, 300)}`,
      `Fix the cause, then: select public.outbox_requeue('lead_bookings', '${booking.id}');`,
    ].join('\n')
    return { subject, text }
  }
}
