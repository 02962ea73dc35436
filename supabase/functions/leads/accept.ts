import type { LeadSubmission } from '../../../src/schemas/lead.ts'
import type { AfterResponse } from '../_shared/http/after-response.ts'
import type { BackoffPolicy } from '../_shared/outbox/backoff.ts'
import type { Board } from '../_shared/board/board.ts'
import { deliverClaimed } from '../_shared/delivery/deliver-lead.ts'
import type { LeadRow, LeadStore, LeadVerification } from '../_shared/delivery/lead-store.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import { ClaimLost, logLateOutcome } from '../_shared/outbox/claim-lost.ts'
import { checkSpam } from './spam-guard.ts'

/** `verified`: whether the lead as recorded passed the bot check (a repeat answers for the first recording). */
export type Acceptance =
  { kind: 'delivered'; itemId: string; verified: boolean } | { kind: 'queued'; verified: boolean } | { kind: 'unrecorded' }

export type AcceptDeps = {
  store: LeadStore
  board: Board | undefined
  backoff: BackoffPolicy
  logger: Logger
  now: () => Date
  /** How long a claim protects a delivery in progress (longer than the board calls can take). */
  leaseMs: number
  /** Runs the board delivery once the visitor has the answer (Supabase's `EdgeRuntime.waitUntil`). */
  afterResponse: AfterResponse
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Record first, answer, then deliver. Once the row is committed the lead is safe and the visitor
 * is told so at once, whatever the board does: the board is tried right after the answer, in the
 * same invocation, and a lead still pending after that is left to `leads-redeliver`.
 */
export async function acceptLead(submission: LeadSubmission, verification: LeadVerification, deps: AcceptDeps): Promise<Acceptance> {
  const { submissionId } = submission
  let row: LeadRow
  try {
    const verdict = checkSpam(submission)
    if (verdict.spam) deps.logger.info('submission stored as spam', { submissionId, reason: verdict.reason })
    row = await deps.store.record(
      verdict.spam
        ? { submission, status: 'spam', spamReason: verdict.reason, verification }
        : { submission, status: 'pending', verification },
    )
  } catch (error) {
    deps.logger.error('lead could not be recorded', { submissionId, message: messageOf(error) })
    return { kind: 'unrecorded' }
  }

  if (row.status === 'pending') {
    const { board } = deps
    if (board) deps.afterResponse(() => deliverOnce(submissionId, { ...deps, board }))
    else deps.logger.warn('lead recorded but the board is not configured', { submissionId })
  }
  // null: recorded before the check existed, or with it off.
  const verified = (row.verification ?? verification)?.verified ?? true
  return row.status === 'delivered' && row.boardItemId
    ? { kind: 'delivered', itemId: row.boardItemId, verified }
    : { kind: 'queued', verified }
}

/** One try, under a claim: a repeat whose lead another request (or redelivery) holds, or that is not due, does nothing. */
async function deliverOnce(submissionId: string, deps: AcceptDeps & { board: Board }): Promise<void> {
  try {
    const claimed = await deps.store.claim(submissionId, deps.leaseMs)
    if (claimed) await deliverClaimed(claimed, deps)
  } catch (error) {
    if (error instanceof ClaimLost) return logLateOutcome(deps.logger, error, { submissionId })
    // Recorded: redelivery picks it up once the claim (if any) lapses.
    deps.logger.error('lead recorded; delivery interrupted', { submissionId, message: messageOf(error) })
  }
}
