import type { BackoffPolicy } from '../outbox/backoff.ts'
import { settleFailure } from '../outbox/settle.ts'
import { keepClaim } from '../outbox/claim-lost.ts'
import type { Claimed } from '../outbox/outbox.ts'
import { leadColumnValues, type BoardFailure } from '../board/client.ts'
import type { Board } from '../board/board.ts'
import { pagingSubjectOf, type LeadRow, type LeadStore } from './lead-store.ts'
import { placementOf } from '../board/review-placement.ts'
import type { Logger } from '../runtime/logger.ts'
import { updateNoteBody } from '../board/update-note.ts'
import { createUpdateOnce } from '../board/update-once.ts'

export type DeliveryOutcome =
  { kind: 'delivered'; itemId: string } | { kind: 'retry'; at: Date; failure: BoardFailure } | { kind: 'failed'; failure: BoardFailure }

export type DeliverDeps = { board: Board; store: LeadStore; backoff: BackoffPolicy; logger: Logger; now: () => Date }

const describe = (failure: BoardFailure) => `${failure.reason}${failure.status ? ` ${failure.status}` : ''}: ${failure.message}`

/** The note's reference line (`update-once.ts`): the same for every attempt, so a lost answer is found, not doubled. */
export const leadNoteRef = (submissionId: string) => `lead-${submissionId}/note`

/**
 * Delivers one claimed lead, step by step, each recorded under the claim before the next starts.
 * The item: a lead with an earlier attempt may already be on the board (the item was created but its
 * answer, or the function, was lost), so it is looked up by submission id before anything is created;
 * `last_error` survives a replay (which resets attempts), so a replayed lead is looked up too. A lead
 * that may page nobody (unverified, or flagged as spam: `pagingOf`) goes to the 'Needs a look' group
 * with the reason first in its name (a spam lead placed there and since released keeps its item, and
 * the note its placement made under the same reference). The item's id is recorded (the lead still pending), then the
 * note is made, looked up first by its reference line unless the item is new in this run, and only
 * the note's recorded id marks the lead delivered. A failed look-up, item or note goes back to the
 * queue with backoff; the next claim skips what is recorded. When a newer claim owns the lead, nothing
 * is written and `ClaimLost` stops the delivery before its next board call.
 */
export async function deliverClaimed(row: Claimed<LeadRow>, deps: DeliverDeps): Promise<DeliveryOutcome> {
  const { board, logger } = deps
  const { submission } = row
  const { submissionId } = submission
  let itemId = row.boardItemId ?? undefined
  let itemIsNew = false

  if (!itemId && (row.attempts > 1 || row.lastError !== null)) {
    const found = await board.client.findItem({ boardId: board.boardId, submissionId })
    if (!found.ok) return settleLead(row, found.failure, deps)
    itemId = found.id
    if (itemId) logger.info('lead was already on the board', { submissionId, itemId })
  }
  if (!itemId) {
    const { groupId, itemName } = placementOf(pagingSubjectOf(row), `Lead: ${submission.lead.name}`, board)
    const item = await board.client.createItem({
      boardId: board.boardId,
      groupId,
      itemName,
      columnValues: leadColumnValues(submission.lead, submission.tracking, submissionId),
    })
    if (!item.ok) return settleLead(row, item.failure, deps)
    itemId = item.id
    itemIsNew = true
    if (item.warning) logger.warn('board created the item with errors', { submissionId, itemId, message: item.warning })
  }
  if (!row.boardItemId) keepClaim(await deps.store.recordItem(row, itemId), row, 'record')

  const body = updateNoteBody(submission, row.createdAt, row.verification)
  const note = await createUpdateOnce(board.client, { itemId, body, ref: leadNoteRef(submissionId), itemIsNew })
  if (!note.ok) {
    logger.warn('update note was not added to the lead', { submissionId, itemId, ...note.failure })
    return settleLead(row, note.failure, deps)
  }
  if (note.warning) logger.warn('update note added with errors', { submissionId, itemId, message: note.warning })
  if (note.existing) logger.info("the lead's note was already on its item", { submissionId, itemId, noteId: note.id })
  keepClaim(await deps.store.delivered(row, itemId, note.id), row, 'done')

  logger.info('lead delivered', { submissionId, itemId, attempts: row.attempts })
  return { kind: 'delivered', itemId }
}

async function settleLead(row: Claimed<LeadRow>, failure: BoardFailure, deps: DeliverDeps): Promise<DeliveryOutcome> {
  const { submissionId } = row.submission
  // A rate-limit refusal with a wait hint (429, complexity budget, daily limit) did nothing on the
  // board and says when to come back: it does not use up an attempt.
  const countAttempt = !(failure.reason === 'rate-limited' && failure.retryInMs !== undefined)
  const settled = await settleFailure(
    row,
    { reason: failure.reason, detail: describe(failure), retryInMs: failure.retryInMs, countAttempt },
    { outbox: deps.store, backoff: deps.backoff, now: deps.now },
  )
  if (settled.kind === 'failed') {
    deps.logger.error('lead delivery failed for good', { submissionId, attempts: row.attempts, ...failure })
    return { kind: 'failed', failure }
  }
  deps.logger.warn('board did not accept the lead', {
    submissionId,
    attempts: row.attempts,
    nextAttemptAt: settled.at.toISOString(),
    ...failure,
  })
  return { kind: 'retry', at: settled.at, failure }
}
