import type { ClaimRef, OutboxItem } from '../outbox/outbox.ts'
import type { PgOutbox } from '../outbox/pg-outbox.ts'
import type { FailsWithNotice } from '../notify/outbox-notice.ts'
import type { BookingRelease } from './booking-release-note.ts'
import type { DecisionEvent } from './decision-event.ts'
import type { StaffDecision } from './needs-a-look.ts'

export type SubjectKind = 'lead' | 'registration' | 'booking'

/**
 * What the worker found and did: record_staff_decision's answer ('released', 'rejected', 'repeat',
 * 'stale'), or 'unknown-item' (no record has the item) or 'cleared' (the column was emptied).
 */
export type DecisionOutcome = 'released' | 'rejected' | 'repeat' | 'stale' | 'unknown' | 'unknown-item' | 'cleared'

/** A recorded decision as the worker works it. */
export type DecisionItem = OutboxItem & {
  itemId: string
  label: string | null
  decision: StaffDecision | null
  userId: string | null
  changedAt: Date
  outcome: DecisionOutcome | null
  subjectKind: SubjectKind | null
  subjectId: string | null
}

export type Decided = { outcome: DecisionOutcome; subjectKind: SubjectKind | null }

export type DecisionStore = Omit<PgOutbox<DecisionItem>, 'record'> & FailsWithNotice & {
  /** Records the event once (by its key); false for a replay. */
  record(event: DecisionEvent): Promise<boolean>
  /**
   * Under the claim, once: writes the decision on the record the item stands for and keeps what
   * came of it on the event. A retry answers what the first try recorded. Undefined when a newer claim owns the event.
   */
  decide(item: ClaimRef & Pick<DecisionItem, 'outcome' | 'subjectKind'>): Promise<Decided | undefined>
  /** The record still holds this event's decision (no newer one came since): the board may follow it. */
  stillStands(item: ClaimRef): Promise<boolean>
  /** For a booking's own item: whether the release tied it to its possible lead, and that lead. */
  bookingRelease(itemId: string): Promise<BookingRelease>
}
