import { sendOnAnyChannel, type AlertChannel } from '../alerts/channels.ts'
import type { Board } from '../delivery/deliver-lead.ts'
import type { BackoffPolicy } from '../outbox/backoff.ts'
import { keepClaim } from '../outbox/claim-lost.ts'
import type { Claimed } from '../outbox/outbox.ts'
import { settleFailure } from '../outbox/settle.ts'
import { StepFailed, type StepFailure } from '../outbox/step-failure.ts'
import type { Logger } from '../runtime/logger.ts'
import { createUpdateOnce } from '../board/update-once.ts'
import { bookingFailedAlert } from './booking-alert.ts'
import { bookingColumnValues, callColumnValues } from './booking-item.ts'
import type { BookingItem, BookingStore } from './booking-store.ts'

export type BookingWorkerDeps = {
  store: BookingStore
  board: Board
  channels: AlertChannel[]
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

/**
 * The item a booking's update goes on: its lead's (undefined while the lead waits for the board),
 * else the one an earlier event of the booking went on, else a 'Booking: <name>' item, looked up by
 * the booking's key before it is created. The id is recorded before the update is sent.
 */
async function itemFor(booking: Claimed<BookingItem>, deps: BookingWorkerDeps): Promise<{ id: string; isNew: boolean } | undefined> {
  const { store, board } = deps
  const lead = booking.leadId === null ? undefined : await store.lead(booking.leadId)
  if (lead && !lead.boardItemId) {
    if (lead.status === 'pending') return undefined
    throw new StepFailed({ reason: 'lead-not-on-board', detail: `its lead is ${lead.status}, not on the board` })
  }
  let itemId = lead?.boardItemId ?? (await store.earlierItem(booking.itemKey))
  if (!itemId) {
    const found = await board.client.findItem({ boardId: board.boardId, submissionId: booking.itemKey })
    if (!found.ok) throw stepFailed(found.failure)
    itemId = found.id
  }
  if (!itemId) {
    const created = await board.client.createItem({
      boardId: board.boardId,
      groupId: board.groupId,
      itemName: `Booking: ${booking.attendeeName || 'name erased'}`,
      columnValues: bookingColumnValues(booking),
    })
    if (!created.ok) throw stepFailed(created.failure)
    keepClaim(await store.recordItem(booking, created.id), booking, 'record')
    return { id: created.id, isNew: true }
  }
  keepClaim(await store.recordItem(booking, itemId), booking, 'record')
  return { id: itemId, isNew: false }
}

/** Works one claimed booking event: its update on the board, with backoff, a failed state and one alert. */
export async function workBooking(booking: Claimed<BookingItem>, deps: BookingWorkerDeps): Promise<WorkOutcome> {
  try {
    const item = booking.boardItemId ? { id: booking.boardItemId, isNew: false } : await itemFor(booking, deps)
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
      body: booking.note,
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
    const settled = await settleFailure(
      booking,
      { ...failure, countAttempt: true },
      { outbox: deps.store, backoff: deps.backoff, now: deps.now },
    )
    if (settled.kind === 'retry') return { kind: 'retry', failure }
    if (await deps.store.claimFailureAlert(booking.id)) {
      await sendOnAnyChannel(bookingFailedAlert(booking, `${failure.reason}: ${failure.detail}`), deps.channels).catch(
        (alertError: unknown) =>
          deps.logger.error('booking failure alert not sent', { bookingId: booking.id, message: String(alertError) }),
      )
    }
    return { kind: 'failed', failure }
  }
}
