import type { ClaimRef } from '../outbox/outbox.ts'
import type { Booking } from './cal-event.ts'

/** A booking recorded for the first time, with where its update goes (when that is known). */
export type RecordedBooking = {
  id: string
  /** The lead it belongs to, if any. */
  leadId: string | null
  /** The item its update goes on now: the lead's, or an earlier event's of the same booking; null while the lead waits. */
  itemId: string | null
  /** This call's claim on sending it; null while it waits for the lead. */
  claimToken: string | null
}

export type PendingBooking = { id: string; claimToken: string; itemId: string; note: string }

export interface BookingStore {
  /**
   * Records the event and finds its lead (by submission id, else by the attendee's e-mail among the
   * last 30 days' leads). Undefined when this booking and event were recorded before (a replay).
   */
  record(booking: Booking, leaseMs: number): Promise<RecordedBooking | undefined>
  /** Both apply only while the booking is pending under this claim; false when a newer claim owns it. */
  sent(booking: ClaimRef, itemId: string): Promise<boolean>
  notSent(booking: ClaimRef, error: string): Promise<boolean>
  /** Claims the pending updates whose lead is now on the board (each with a fresh claim token). */
  claimDeliverable(limit: number, leaseMs: number): Promise<PendingBooking[]>
}
