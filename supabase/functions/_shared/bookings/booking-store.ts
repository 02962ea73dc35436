import type { Booking } from './cal-event.ts'

/** A booking recorded for the first time, with where its update goes (when that is known). */
export type RecordedBooking = {
  id: string
  /** The lead it belongs to, if any. */
  leadId: string | null
  /** The item its update goes on now: the lead's, or an earlier event's of the same booking; null while the lead waits. */
  itemId: string | null
}

export type PendingBooking = { id: string; itemId: string; note: string }

export interface BookingStore {
  /**
   * Records the event and finds its lead (by submission id, else by the attendee's e-mail among the
   * last 30 days' leads). Undefined when this booking and event were recorded before (a replay).
   */
  record(booking: Booking, leaseMs: number): Promise<RecordedBooking | undefined>
  sent(id: string, itemId: string): Promise<void>
  notSent(id: string, error: string): Promise<void>
  /** Claims the pending updates whose lead is now on the board. */
  claimDeliverable(limit: number, leaseMs: number): Promise<PendingBooking[]>
}
