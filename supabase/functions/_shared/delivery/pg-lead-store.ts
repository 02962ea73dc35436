import type { LeadSubmission } from '../../../../src/schemas/lead.ts'
import { withConnection, type Sql } from '../runtime/db.ts'
import type { LeadRow, LeadStatus, LeadStore } from './lead-store.ts'

type Row = {
  id: string
  submission_id: string
  status: LeadStatus
  lead: LeadSubmission['lead']
  tracking: LeadSubmission['tracking']
  source: LeadSubmission['source']
  review_check: LeadSubmission['check'] | null
  ai_reply: LeadSubmission['reply'] | null
  attempts: number
  claimed_until: Date | null
  board_item_id: string | null
  last_error: string | null
  created_at: Date
}

const toLead = (row: Row): LeadRow => ({
  id: String(row.id),
  submission: {
    submissionId: row.submission_id,
    lead: row.lead,
    tracking: row.tracking,
    source: row.source,
    ...(row.review_check ? { check: row.review_check } : {}),
    ...(row.ai_reply ? { reply: row.ai_reply } : {}),
  },
  status: row.status,
  attempts: row.attempts,
  claimedUntil: row.claimed_until,
  boardItemId: row.board_item_id,
  lastError: row.last_error,
  createdAt: row.created_at,
})

const MAX_ERROR_LENGTH = 1_000

/** The outbox on PostgreSQL (`supabase/migrations/*_leads_outbox.sql`). */
export function pgLeadStore(sql: Sql): LeadStore {
  const claimWhere = () => sql`status = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())`
  const claimSet = (leaseMs: number) =>
    sql`attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()`

  return {
    async find(submissionId) {
      const [row] = await sql<Row[]>`select * from leads where submission_id = ${submissionId}`
      return row && toLead(row)
    },
    async record({ submission, status, spamReason }) {
      return withConnection(sql, async (db) => {
        const [inserted] = await db<Row[]>`
          insert into leads (submission_id, status, lead, tracking, source, review_check, ai_reply, spam_reason)
          values (${submission.submissionId}, ${status}, ${db.json(submission.lead)}, ${db.json(submission.tracking)},
                  ${db.json(submission.source)}, ${submission.check ? db.json(submission.check) : null},
                  ${submission.reply ? db.json(submission.reply) : null}, ${spamReason ?? null})
          on conflict (submission_id) do nothing
          returning *`
        if (inserted) return toLead(inserted)
        const [existing] = await db<Row[]>`select * from leads where submission_id = ${submission.submissionId}`
        if (!existing) throw new Error('lead vanished between insert and select')
        return toLead(existing)
      })
    },
    async claim(submissionId, leaseMs) {
      const [row] = await sql<Row[]>`
        update leads set ${claimSet(leaseMs)} where submission_id = ${submissionId} and ${claimWhere()} returning *`
      return row && toLead(row)
    },
    async claimNext(leaseMs) {
      const [row] = await sql<Row[]>`
        update leads set ${claimSet(leaseMs)}
        where id = (select id from leads where ${claimWhere()} order by next_attempt_at limit 1 for update skip locked)
        returning *`
      return row && toLead(row)
    },
    async delivered(id, boardItemId) {
      await sql`
        update leads set status = 'delivered', board_item_id = ${boardItemId}, claimed_until = null, last_error = null,
          delivered_at = now(), updated_at = now()
        where id = ${id} and status = 'pending'`
    },
    async retryLater(id, error, at, { countAttempt } = { countAttempt: true }) {
      await sql`
        update leads set claimed_until = null, next_attempt_at = ${at}, last_error = ${error.slice(0, MAX_ERROR_LENGTH)},
          attempts = attempts - ${countAttempt ? 0 : 1}, updated_at = now()
        where id = ${id} and status = 'pending'`
    },
    async failed(id, error) {
      await sql`
        update leads set status = 'failed', claimed_until = null, last_error = ${error.slice(0, MAX_ERROR_LENGTH)}, updated_at = now()
        where id = ${id} and status = 'pending'`
    },
  }
}
