import { leadColumnValues, type BoardFailure } from '../board/client.ts'
import { placementOf } from '../board/review-placement.ts'
import { updateNoteBody } from '../board/update-note.ts'
import { retryDelayMs, type BackoffPolicy } from '../outbox/backoff.ts'
import type { ClaimRef, Claimed } from '../outbox/outbox.ts'
import type { Logger } from '../runtime/logger.ts'
import type { Board } from '../board/board.ts'
import { leadNoteRef } from './deliver-lead.ts'
import { createUpdateOnce } from '../board/update-once.ts'
import { pagingSubjectOf, type LeadRow } from './lead-store.ts'

/**
 * Leads flagged as spam keep status 'spam' (never delivered, never announced) and still reach the
 * board once, in 'Needs a look', for a person to judge (issue 42). Claimed like the outbox claims a
 * pending lead (attempt, lease, claim token), and written only under that claim.
 */
export interface SpamLeads {
  /** The next spam lead not on the board yet, due and unclaimed, with attempts left. */
  claimNext(leaseMs: number, maxAttempts: number): Promise<Claimed<LeadRow> | undefined>
  placed(item: ClaimRef, boardItemId: string): Promise<boolean>
  later(item: ClaimRef, failure: { reason: string; detail: string }, at: Date): Promise<boolean>
}

export type SpamPlacementDeps = { spam: SpamLeads; board: Board; backoff: BackoffPolicy; logger: Logger; now: () => Date; leaseMs: number }

type Attempt = { ok: true; itemId: string; isNew: boolean } | { ok: false; failure: BoardFailure }

/** The lead's item: looked up first, always (an earlier try may have created it and lost the answer), else created. */
async function itemFor(row: Claimed<LeadRow>, board: Board): Promise<Attempt> {
  const { submission } = row
  const found = await board.client.findItem({ boardId: board.boardId, submissionId: submission.submissionId })
  if (!found.ok) return found
  if (found.id) return { ok: true, itemId: found.id, isNew: false }
  const { groupId, itemName } = placementOf(pagingSubjectOf(row), `Lead: ${submission.lead.name}`, board)
  const item = await board.client.createItem({
    boardId: board.boardId,
    groupId,
    itemName,
    columnValues: leadColumnValues(submission.lead, submission.tracking, submission.submissionId),
  })
  return item.ok ? { ok: true, itemId: item.id, isNew: true } : item
}

/** Places up to `limit` spam leads; never throws (the redelivery run goes on). Answers how many were placed. */
export async function placeSpamLeads(deps: SpamPlacementDeps, limit: number): Promise<number> {
  const { board, logger } = deps
  let placed = 0
  try {
    for (let count = 0; count < limit; count++) {
      const row = await deps.spam.claimNext(deps.leaseMs, deps.backoff.maxAttempts)
      if (!row) break
      const attempt = await itemFor(row, board)
      if (!attempt.ok) {
        const { reason, message, retryInMs } = attempt.failure
        const at = new Date(deps.now().getTime() + retryDelayMs(row.attempts, retryInMs, deps.backoff))
        await deps.spam.later(row, { reason, detail: message }, at)
        continue
      }
      if (!(await deps.spam.placed(row, attempt.itemId))) continue
      placed++
      if (!attempt.isNew) continue
      const body = updateNoteBody(row.submission, row.createdAt, row.verification, row.spamReason ?? 'flagged')
      // Under the lead's own reference: once released, its delivery finds this note instead of adding one.
      const ref = leadNoteRef(row.submission.submissionId)
      const note = await createUpdateOnce(board.client, { itemId: attempt.itemId, body, ref, itemIsNew: true })
      if (!note.ok)
        logger.warn('update note was not added to the spam lead', { submissionId: row.submission.submissionId, ...note.failure })
    }
  } catch (error) {
    logger.error('spam leads could not be placed on the board', { message: String(error) })
  }
  return placed
}
