import type { LeadSubmission } from '../../../../src/schemas/lead.ts'
import { pgOutbox } from '../outbox/pg-outbox.ts'
import type { Sql } from '../runtime/db.ts'
import type { Unverified } from '../turnstile/siteverify.ts'
import type { StaffDecision } from '../board/needs-a-look.ts'
import type { LeadRow, LeadStatus, LeadStore, LeadVerification } from './lead-store.ts'
import type { SpamLeads } from './spam-placement.ts'
import type { Claimed } from '../outbox/outbox.ts'

type Row = {
  id: string
  submission_id: string
  status: LeadStatus
  lead: LeadSubmission['lead']
  tracking: LeadSubmission['tracking']
  source: LeadSubmission['source']
  review_check: LeadSubmission['check'] | null
  ai_reply: LeadSubmission['reply'] | null
  attribution: LeadSubmission['attribution'] | null
  attempts: number
  claimed_until: Date | null
  claim_token: string | null
  board_item_id: string | null
  last_error: string | null
  failure_reason: string | null
  created_at: Date
  verified: boolean | null
  verification_failure: Unverified | null
  spam_reason: string | null
  staff_decision: StaffDecision | null
}

const verificationOf = (row: Row): LeadVerification =>
  row.verified === null
    ? null
    : row.verified
      ? { verified: true }
      : { verified: false, reason: row.verification_failure ?? 'invalid-token' }

const toLead = (row: Row): LeadRow => ({
  id: String(row.id),
  submission: {
    submissionId: row.submission_id,
    lead: row.lead,
    tracking: row.tracking,
    source: row.source,
    ...(row.review_check ? { check: row.review_check } : {}),
    ...(row.ai_reply ? { reply: row.ai_reply } : {}),
    ...(row.attribution ? { attribution: row.attribution } : {}),
  },
  status: row.status,
  claimToken: row.claim_token,
  attempts: row.attempts,
  claimedUntil: row.claimed_until,
  boardItemId: row.board_item_id,
  lastError: row.last_error,
  failureReason: row.failure_reason,
  createdAt: row.created_at,
  verification: verificationOf(row),
  spamReason: row.spam_reason,
  staffDecision: row.staff_decision,
})

/**
 * The leads outbox on PostgreSQL (`supabase/migrations/*_leads_outbox.sql`). A lead is inserted with
 * its attribution in one statement (20261203020000), so no run ever claims it without one.
 */
export function pgLeadStore(sql: Sql): LeadStore {
  const outbox = pgOutbox<Row, LeadRow>(sql, {
    table: 'leads',
    key: 'submission_id',
    doneStatus: 'delivered',
    doneAt: 'delivered_at',
    toItem: toLead,
  })
  return {
    find: outbox.find,
    claim: outbox.claim,
    claimNext: outbox.claimNext,
    retryLater: outbox.retryLater,
    failed: outbox.failed,
    recordItem: (item, boardItemId) => outbox.record(item, { board_item_id: boardItemId }),
    delivered: (item, boardItemId, noteId) => outbox.done(item, { board_item_id: boardItemId, board_note_id: noteId ?? null }),
    async record({ submission, status, spamReason, verification }) {
      const [row] = await sql<Row[]>`
        select * from public.record_lead(${submission.submissionId}, ${status}, ${sql.json(submission.lead)},
          ${sql.json(submission.tracking)}, ${sql.json(submission.source)}, ${submission.check ? sql.json(submission.check) : null},
          ${submission.reply ? sql.json(submission.reply) : null}, ${spamReason ?? null},
          ${verification ? verification.verified : null}, ${verification && !verification.verified ? verification.reason : null},
          ${submission.attribution ? sql.json(submission.attribution) : null})`
      if (!row) throw new Error('lead vanished between insert and select')
      return toLead(row)
    },
  }
}

/** Spam leads on their way to the board's 'Needs a look' group (`spam-placement.ts`), on the leads table's own claim columns. */
export function pgSpamLeads(sql: Sql): SpamLeads {
  return {
    async claimNext(leaseMs, maxAttempts) {
      const [row] = await sql<Row[]>`select * from public.spam_lead_claim_next(${leaseMs}, ${maxAttempts})`
      return row ? (toLead(row) as Claimed<LeadRow>) : undefined
    },
    async placed(item, boardItemId) {
      const [row] = await sql<
        { applied: boolean }[]
      >`select public.spam_lead_placed(${item.id}, ${item.claimToken}, ${boardItemId}) as applied`
      return row?.applied === true
    },
    async later(item, failure, at) {
      const [row] = await sql<{ applied: boolean }[]>`
        select public.spam_lead_later(${item.id}, ${item.claimToken}, ${at}, ${failure.reason}, ${failure.detail.slice(0, 1_000)}) as applied`
      return row?.applied === true
    },
  }
}
