import type { StaffDecision } from '../board/needs-a-look.ts'
import type { ClaimRef, OutboxItem } from '../outbox/outbox.ts'
import type { PgOutbox } from '../outbox/pg-outbox.ts'
import type { FailsWithNotice } from '../notify/outbox-notice.ts'
import type { Booking, BookingEvent } from './cal-event.ts'

/** A recorded booking event as the worker works it: an outbox item whose one job is its board update. */
export type BookingItem = OutboxItem & {
  bookingUid: string
  event: BookingEvent
  startTime: Date
  /** The lead the booking proved (a signed reference), or null. */
  leadId: string | null
  /** An unproven booking's possible lead (its unsigned reference, or the same e-mail): a hint for a person. */
  possibleLeadId: string | null
  staffDecision: StaffDecision | null
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
export type BookingLead = { status: 'pending' | 'delivered' | 'failed' | 'spam'; boardItemId: string | null; spamReason: string | null }

/** What a person judging an unproven booking is told: its possible lead, and whether a flagged lead has the same e-mail. */
export type BookingReview = {
  possible: (BookingLead & { name: string }) | undefined
  /** A lead flagged as spam (in the last 30 days) with the attendee's e-mail: its reason. */
  flaggedSameEmail: { spamReason: string | null } | undefined
}

export type RecordedBooking = {
  id: string
  leadId: string | null
  possibleLeadId: string | null
}

/** The outbox's writes, except its generic `record`: a booking's one step records only its item. */
export type BookingStore = Omit<PgOutbox<BookingItem>, 'record'> & FailsWithNotice & {
  /**
   * Records the event once (by booking uid and trigger event). An earlier event of the same booking
   * decides its lead; else its lead is the one `provenRef` (a verified reference) names, and only
   * that. Without one, the possible lead is the one its unsigned reference names, else one with the
   * attendee's e-mail among the last 30 days' leads (not flagged first). No lead's status changes.
   * Undefined for a replay.
   */
  record(booking: Booking, provenRef: string | null): Promise<RecordedBooking | undefined>
  lead(leadId: string): Promise<BookingLead | undefined>
  review(booking: Pick<BookingItem, 'possibleLeadId' | 'attendeeEmail'>): Promise<BookingReview>
  /** The item an earlier event of the same booking went on. */
  earlierItem(itemKey: string): Promise<string | undefined>
  /** Under the booking's claim; false when a newer claim owns it. */
  recordItem(item: ClaimRef, itemId: string): Promise<boolean>
  /** A later event of the same booking was recorded: its call columns are the ones that stand. */
  hasLaterEvent(booking: Pick<BookingItem, 'id' | 'itemKey'>): Promise<boolean>
}
