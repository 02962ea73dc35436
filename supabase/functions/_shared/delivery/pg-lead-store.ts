import type { LeadSubmission } from '../../../../src/schemas/lead.ts'
import { pgOutbox } from '../outbox/pg-outbox.ts'
import { withConnection, type Sql } from '../runtime/db.ts'
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

/** The leads outbox on PostgreSQL (`supabase/migrations/*_leads_outbox.sql`). */
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
    delivered: (item, boardItemId) => outbox.done(item, { board_item_id: boardItemId }),
    async record({ submission, status, spamReason, verification }) {
      return withConnection(sql, async (db) => {
        const [inserted] = await db<Row[]>`
          insert into leads (submission_id, status, lead, tracking, source, review_check, ai_reply, spam_reason, verified, verification_failure)
          values (${submission.submissionId}, ${status}, ${db.json(submission.lead)}, ${db.json(submission.tracking)},
                  ${db.json(submission.source)}, ${submission.check ? db.json(submission.check) : null},
                  ${submission.reply ? db.json(submission.reply) : null}, ${spamReason ?? null},
                  ${verification ? verification.verified : null}, ${verification && !verification.verified ? verification.reason : null})
          on conflict (submission_id) do nothing
          returning *`
        if (inserted) return toLead(inserted)
        const [existing] = await db<Row[]>`select * from leads where submission_id = ${submission.submissionId}`
        if (!existing) throw new Error('lead vanished between insert and select')
        return toLead(existing)
      })
    },
  }
}

/** Spam leads on their way to the board's 'Needs a look' group (`spam-placement.ts`), on the leads table's own claim columns. */
export function pgSpamLeads(sql: Sql): SpamLeads {
  return {
    async claimNext(leaseMs, maxAttempts) {
      const [row] = await sql<Row[]>`
        update leads set attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${leaseMs / 1000}),
               claim_token = gen_random_uuid(), updated_at = now()
        where id = (
          select id from leads
          where status = 'spam' and board_item_id is null and staff_decision is null and attempts < ${maxAttempts}
            and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
          order by next_attempt_at limit 1 for update skip locked)
        returning *`
      return row ? (toLead(row) as Claimed<LeadRow>) : undefined
    },
    async placed(item, boardItemId) {
      const rows = await sql`
        update leads set board_item_id = ${boardItemId}, claimed_until = null, claim_token = null, last_error = null,
               failure_reason = null, updated_at = now()
        where id = ${item.id} and claim_token = ${item.claimToken} and status = 'spam' returning id`
      return rows.length === 1
    },
    async later(item, failure, at) {
      const rows = await sql`
        update leads set next_attempt_at = ${at}, last_error = ${failure.detail.slice(0, 1_000)}, failure_reason = ${failure.reason},
               claimed_until = null, claim_token = null, updated_at = now()
        where id = ${item.id} and claim_token = ${item.claimToken} and status = 'spam' returning id`
      return rows.length === 1
    },
  }
}
