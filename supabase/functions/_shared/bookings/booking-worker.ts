import type { Board } from '../board/board.ts'
import { hasAttemptsLeft, type BackoffPolicy } from '../outbox/backoff.ts'
import { keepClaim } from '../outbox/claim-lost.ts'
import type { Claimed } from '../outbox/outbox.ts'
import { settleFailure } from '../outbox/settle.ts'
import { StepFailed, type StepFailure } from '../outbox/step-failure.ts'
import type { Logger } from '../runtime/logger.ts'
import { createUpdateOnce } from '../board/update-once.ts'
import { bookingFailedNotice } from '../notify/deal-notices.ts'
import { failingWithNotice } from '../notify/outbox-notice.ts'
import { bookingColumnValues, callColumnValues } from './booking-item.ts'
import { bookingItemName, bookingPaging, reviewedNote, reviewReason, type ReviewReason } from './booking-review.ts'
import type { BookingItem, BookingLead, BookingStore } from './booking-store.ts'

export type BookingWorkerDeps = {
  store: BookingStore
  board: Board
  /** The board's 'Needs a look' group (MONDAY_REVIEW_GROUP_ID): where an unproven booking's own item goes. */
  reviewGroupId: string
  backoff: BackoffPolicy
  logger: Logger
  now: () => Date
  /** How long a booking waits before it looks again for a lead not on the board yet. */
  leadWaitMs: number
}

export type WorkOutcome =
  { kind: 'done' } | { kind: 'waiting' } | { kind: 'retry'; failure: StepFailure } | { kind: 'failed'; failure: StepFailure }

const stepFailed = (failure: { reason: string; message: string; retryInMs?: number }) =>
  new StepFailed({ reason: failure.reason, detail: failure.message, retryInMs: failure.retryInMs })

type Target = { id: string; isNew: boolean; review: ReviewReason | undefined }

/** Its proven lead (if any), and why its own item needs a person's look (if it does). */
async function standing(booking: Claimed<BookingItem>, store: BookingStore) {
  const lead = booking.leadId === null ? undefined : await store.lead(booking.leadId)
  const review = await store.review(booking)
  return { lead, review, reason: reviewReason(booking, lead, review) }
}

/**
 * The item a booking's update goes on: its proven lead's (undefined while the lead waits for the
 * board), else the booking's own: the one an earlier event of it went on, else a 'Booking: <name>'
 * item, looked up by the booking's key before it is created, in 'Needs a look' when a person must
 * judge it. An e-mail that matches never leads here to the lead's item. The id is recorded before the update is sent.
 */
async function itemFor(
  booking: Claimed<BookingItem>,
  lead: BookingLead | undefined,
  reason: ReviewReason | undefined,
  deps: BookingWorkerDeps,
): Promise<Target | undefined> {
  const { store, board } = deps
  const leadItem = lead && lead.status !== 'spam'
  if (leadItem && !lead.boardItemId) {
    if (lead.status === 'pending') return undefined
    throw new StepFailed({ reason: 'lead-not-on-board', detail: `its lead is ${lead.status}, not on the board` })
  }
  let itemId = leadItem ? lead.boardItemId : await store.earlierItem(booking.itemKey)
  if (!itemId) {
    const found = await board.client.findItem({ boardId: board.boardId, submissionId: booking.itemKey })
    if (!found.ok) throw stepFailed(found.failure)
    itemId = found.id
  }
  if (!itemId) {
    const created = await board.client.createItem({
      boardId: board.boardId,
      groupId: reason ? deps.reviewGroupId : board.groupId,
      itemName: bookingItemName(booking.attendeeName, reason),
      columnValues: bookingColumnValues(booking),
    })
    if (!created.ok) throw stepFailed(created.failure)
    keepClaim(await store.recordItem(booking, created.id), booking, 'record')
    return { id: created.id, isNew: true, review: reason }
  }
  keepClaim(await store.recordItem(booking, itemId), booking, 'record')
  return { id: itemId, isNew: false, review: leadItem ? undefined : reason }
}

/** Works one claimed booking event: its update on the board, with backoff, a failed state and one message queued with it. */
export async function workBooking(booking: Claimed<BookingItem>, deps: BookingWorkerDeps): Promise<WorkOutcome> {
  try {
    const { lead, reason } = await standing(booking, deps.store)
    const ownItem = !lead || lead.status === 'spam'
    const item = booking.boardItemId
      ? { id: booking.boardItemId, isNew: false, review: ownItem ? reason : undefined }
      : await itemFor(booking, lead, reason, deps)
    if (!item) {
      // The lead is on its way to the board (leads-redeliver): waiting uses up no attempt.
      const at = new Date(deps.now().getTime() + deps.leadWaitMs)
      const waiting = { reason: 'waits-for-lead', detail: 'its lead is not on the board yet' }
      keepClaim(await deps.store.retryLater(booking, waiting, at, { countAttempt: false }), booking, 'retry')
      return { kind: 'waiting' }
    }
    const itemId = item.id
    // Setting the same values again is harmless, so a retry sets them again; an older event never overwrites a newer one's.
    if (!(await deps.store.hasLaterEvent(booking))) {
      const columns = await deps.board.client.changeColumns({
        boardId: deps.board.boardId,
        itemId,
        columnValues: callColumnValues(booking),
      })
      if (!columns.ok) throw stepFailed(columns.failure)
    }
    // A retry after a lost answer finds the note by its reference line instead of adding it twice.
    const update = await createUpdateOnce(deps.board.client, {
      itemId,
      body: reviewedNote(booking.note, item.review),
      ref: `booking-${booking.id}/note`,
      itemIsNew: item.isNew,
    })
    if (!update.ok) throw stepFailed(update.failure)
    keepClaim(await deps.store.done(booking, {}), booking, 'done')
    return { kind: 'done' }
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error
    const { failure } = error
    deps.logger.warn('booking update not sent', { bookingId: booking.id, reason: failure.reason, detail: failure.detail })
    // Sales hears of a booking on its own only as pagingOf allows; the rest is counted (leads-health).
    const last = !hasAttemptsLeft(booking.attempts, deps.backoff)
    const paged = last && (await standing(booking, deps.store).then(({ lead, review }) => bookingPaging(booking, lead, review) === 'page'))
    const outbox = failingWithNotice(deps.store, ({ reason, detail }) =>
      paged ? bookingFailedNotice(booking, `${reason}: ${detail}`) : undefined,
    )
    const settled = await settleFailure(booking, { ...failure, countAttempt: true }, { outbox, backoff: deps.backoff, now: deps.now })
    if (settled.kind === 'retry') return { kind: 'retry', failure }
    return { kind: 'failed', failure }
  }
}
