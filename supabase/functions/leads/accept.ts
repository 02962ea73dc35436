import type { LeadSubmission } from '../../../src/schemas/lead.ts'
import type { BackoffPolicy } from '../_shared/outbox/backoff.ts'
import { deliverClaimed, type Board } from '../_shared/delivery/deliver-lead.ts'
import type { LeadRow, LeadStore } from '../_shared/delivery/lead-store.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import { checkSpam } from './spam-guard.ts'

export type Acceptance = { kind: 'delivered'; itemId: string } | { kind: 'queued' } | { kind: 'unrecorded' }

export type AcceptDeps = {
  store: LeadStore
  board: Board | undefined
  backoff: BackoffPolicy
  logger: Logger
  now: () => Date
  sleep: (ms: number) => Promise<void>
  minFillMs: number
  /** How long a claim protects a delivery in progress (longer than the board calls can take). */
  leaseMs: number
  /** How long a repeated submission waits for the delivery another request is making. */
  waitForOtherMs: number
}

const POLL_MS = 100
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Record first, then deliver once. Once the row is committed the lead is safe and the visitor is
 * told so, whatever the board does; a lead still pending is left to `leads-redeliver`.
 */
export async function acceptLead(submission: LeadSubmission, deps: AcceptDeps): Promise<Acceptance> {
  const { submissionId } = submission
  let row: LeadRow
  try {
    const verdict = checkSpam(submission, deps.minFillMs)
    if (verdict.spam) deps.logger.info('submission stored as spam', { submissionId, reason: verdict.reason })
    row = await deps.store.record(
      verdict.spam ? { submission, status: 'spam', spamReason: verdict.reason } : { submission, status: 'pending' },
    )
  } catch (error) {
    deps.logger.error('lead could not be recorded', { submissionId, message: messageOf(error) })
    return { kind: 'unrecorded' }
  }

  try {
    if (row.status !== 'pending') return answerFor(row)
    if (!deps.board) {
      deps.logger.warn('lead recorded but the board is not configured', { submissionId })
      return { kind: 'queued' }
    }
    const claimed = await deps.store.claim(submissionId, deps.leaseMs)
    if (!claimed) return await awaitOtherDelivery(submissionId, deps)
    const outcome = await deliverClaimed(claimed, { ...deps, board: deps.board })
    return outcome.kind === 'delivered' ? { kind: 'delivered', itemId: outcome.itemId } : { kind: 'queued' }
  } catch (error) {
    // Recorded: redelivery picks it up once the claim (if any) lapses.
    deps.logger.error('lead recorded; delivery interrupted', { submissionId, message: messageOf(error) })
    return { kind: 'queued' }
  }
}

function answerFor(row: LeadRow): Acceptance {
  return row.status === 'delivered' && row.boardItemId ? { kind: 'delivered', itemId: row.boardItemId } : { kind: 'queued' }
}

/** A concurrent repeat answers like the first: it waits, bounded, for the claim holder's outcome. */
async function awaitOtherDelivery(submissionId: string, deps: AcceptDeps): Promise<Acceptance> {
  for (let polls = Math.ceil(deps.waitForOtherMs / POLL_MS); polls > 0; polls--) {
    await deps.sleep(POLL_MS)
    const row = await deps.store.find(submissionId)
    if (!row || row.status !== 'pending') return row ? answerFor(row) : { kind: 'queued' }
    if (!row.claimedUntil || row.claimedUntil < deps.now()) break
  }
  return { kind: 'queued' }
}
