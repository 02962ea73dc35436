import type { ClaimRef, OutboxItem } from '../outbox/outbox.ts'
import type { PgOutbox } from '../outbox/pg-outbox.ts'
import type { Booking, BookingEvent } from './cal-event.ts'

/** A recorded booking event as the worker works it: an outbox item whose one job is its board update. */
export type BookingItem = OutboxItem & {
  bookingUid: string
  event: BookingEvent
  startTime: Date
  leadId: string | null
  /** What its 'Booking:' item is found by on the board (the submission column), when it has no lead. */
  itemKey: string
  /** The item its update goes on, once known (recorded before the update is sent). */
  boardItemId: string | null
  attendeeName: string
  attendeeEmail: string
  attendeePhone: string
  note: string
}

/** Where a booking's lead stands: its item, once it is on the board. */
export type BookingLead = { status: 'pending' | 'delivered' | 'failed' | 'spam'; boardItemId: string | null }

export type RecordedBooking = {
  id: string
  leadId: string | null
  /** The lead had been flagged as spam: the booking released it (back to pending, to be delivered). */
  released: boolean
}

/** The outbox's writes, except its generic `record`: a booking's one step records only its item. */
export type BookingStore = Omit<PgOutbox<BookingItem>, 'record'> & {
  /**
   * Records the event once (by booking uid and trigger event) with its lead: by submission id, else
   * by the attendee's e-mail among the last 30 days' leads (one not flagged as spam first), else an
   * earlier event's of the same booking. A lead flagged as spam that the booking finds is released. Undefined for a replay.
   */
  record(booking: Booking): Promise<RecordedBooking | undefined>
  lead(leadId: string): Promise<BookingLead | undefined>
  /** The item an earlier event of the same booking went on. */
  earlierItem(itemKey: string): Promise<string | undefined>
  /** Under the booking's claim; false when a newer claim owns it. */
  recordItem(item: ClaimRef, itemId: string): Promise<boolean>
  /** A later event of the same booking was recorded: its call columns are the ones that stand. */
  hasLaterEvent(booking: Pick<BookingItem, 'id' | 'itemKey'>): Promise<boolean>
  /** True once, for the run that marks the failure alert as sent. */
  claimFailureAlert(id: string): Promise<boolean>
}
