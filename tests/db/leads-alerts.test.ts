import type { TransactionSql } from 'postgres'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LeadSubmissionSchema } from '@/schemas/lead'
import type { LeadStore } from '../../supabase/functions/_shared/delivery/lead-store.ts'
import { healthFigures, pgAlertStore } from '../../supabase/functions/_shared/alerts/pg-alert-store.ts'
import { digestFigures, pgDigestStore } from '../../supabase/functions/_shared/alerts/pg-digest-store.ts'
import { renderers } from '../../supabase/functions/_shared/notify/kinds.ts'
import { announceNewLeads, pgNewLeadStore } from '../../supabase/functions/_shared/alerts/new-lead.ts'
import { bookingFigures } from '../../supabase/functions/leads-health/booking-figures.ts'
import { pgLeadStore } from '../../supabase/functions/_shared/delivery/pg-lead-store.ts'
import { submission } from '../functions/support'
import { startPgCluster, type PgCluster, type SupabaseRole } from '../support/pg-cluster.mjs'

let pg: PgCluster
let store: LeadStore

beforeAll(async () => {
  pg = await startPgCluster()
  store = pgLeadStore(pg.sql)
}, 60_000)
afterAll(() => pg?.stop())
beforeEach(() => pg.sql`truncate leads, lead_alert_state, lead_bookings`)

const fresh = (name = 'Ada Lovelace') =>
  v.parse(LeadSubmissionSchema, submission({ submissionId: crypto.randomUUID(), lead: { ...submission().lead, name } }))
const asService = <T>(fn: (tx: TransactionSql) => Promise<T>) => pg.asRole('service_role', fn)
const retryFailed = async () => (await asService((tx) => tx<{ n: number }[]>`select retry_failed_leads() as n`))[0]!.n
const release = async (id: string) => (await asService((tx) => tx<{ s: string | null }[]>`select release_spam_lead(${id}) as s`))[0]!.s

/** A lead that used up its attempts with this error. */
async function failedLead(error: string, name?: string) {
  const reason = error.split(/[ :]/)[0]!
  const lead = fresh(name)
  await store.record({ submission: lead, status: 'pending' })
  const row = (await store.claim(lead.submissionId, 10_000))!
  await store.failed(row, { reason, detail: error })
  return lead
}

describe('retry_failed_leads() and release_spam_lead(): the service role only', () => {
  it.each<SupabaseRole>(['anon', 'authenticated'])('%s can run neither, nor read the alert state', async (role) => {
    const lead = fresh()
    await store.record({ submission: lead, status: 'spam', spamReason: 'too-fast' })
    const statements = [
      (tx: TransactionSql) => tx`select retry_failed_leads()`,
      (tx: TransactionSql) => tx`select release_spam_lead(${lead.submissionId})`,
      (tx: TransactionSql) => tx`select * from lead_alert_state`,
    ]
    for (const statement of statements) await expect(pg.asRole(role, statement)).rejects.toThrow(/permission denied/)
    expect((await store.find(lead.submissionId))?.status).toBe('spam')
  })

  it('retry_failed_leads puts every failed lead back in the queue (attempts reset, due now, last error kept), and twice is once', async () => {
    const lead = await failedLead('auth 401: Not Authenticated')
    const delivered = fresh()
    await store.record({ submission: delivered, status: 'pending' })
    await store.delivered((await store.claim(delivered.submissionId, 10_000))!, 'item-1')

    expect(await retryFailed()).toBe(1)
    expect(await store.find(lead.submissionId)).toMatchObject({
      status: 'pending',
      attempts: 0,
      claimedUntil: null,
      lastError: 'auth 401: Not Authenticated',
    })
    expect(await store.claim(lead.submissionId, 10_000)).toMatchObject({ attempts: 1 })
    expect(await retryFailed()).toBe(0)
    expect((await store.find(delivered.submissionId))?.status).toBe('delivered')
  })

  it('release_spam_lead queues a spam lead once and answers its status; other leads are left alone', async () => {
    const spam = fresh()
    await store.record({ submission: spam, status: 'spam', spamReason: 'honeypot' })
    expect(await release(spam.submissionId)).toBe('pending')
    expect(await release(spam.submissionId)).toBe('pending')
    const [row] = await pg.sql`select status, spam_reason, attempts from leads where submission_id = ${spam.submissionId}`
    expect(row).toEqual({ status: 'pending', spam_reason: 'honeypot', attempts: 0 })

    const failed = await failedLead('http 500: Internal server error')
    expect(await release(failed.submissionId)).toBe('failed')
    expect(await release(crypto.randomUUID())).toBeNull()
  })
})

describe('alert conditions on PostgreSQL', () => {
  it('names refusals by their last error, failed leads, and pending leads past the threshold, oldest first', async () => {
    await failedLead('auth 401: Not Authenticated', 'Auth Failed')
    const access = fresh('Access Pending')
    await store.record({ submission: access, status: 'pending' })
    await store.retryLater(
      (await store.claim(access.submissionId, 10_000))!,
      { reason: 'access', detail: 'access 200: Board not found' },
      new Date(Date.now() + 60_000),
    )
    const old = fresh('Old Pending')
    await store.record({ submission: old, status: 'pending' })
    await pg.sql`update leads set created_at = now() - interval '40 minutes' where submission_id = ${old.submissionId}`
    await store.record({ submission: fresh('Spam'), status: 'spam', spamReason: 'too-fast' })

    const conditions = await pgAlertStore(pg.sql).conditions(30)
    const byName = Object.fromEntries(conditions.map((c) => [c.condition, c]))
    expect(Object.keys(byName).sort()).toEqual(['board-access', 'board-auth', 'failed', 'pending-age'])
    expect(byName['board-auth']).toMatchObject({
      count: 1,
      leads: [{ name: 'Auth Failed', phone: '0422470721', email: 'ada@example.com' }],
    })
    expect(byName['board-access']?.leads[0]).toMatchObject({ name: 'Access Pending', sourcePath: '/', status: 'pending' })
    expect(byName['failed']).toMatchObject({ count: 1 })
    expect(byName['pending-age']).toMatchObject({ count: 1, oldestMinutes: 40, leads: [{ name: 'Old Pending' }] })
    expect(byName['pending-age']!.leads[0]!.createdAt).toBeInstanceOf(Date)
    expect(await pgAlertStore(pg.sql).conditions(60)).not.toContainEqual(expect.objectContaining({ condition: 'pending-age' }))
  })

  /** The notifications outbox's rows of one kind: the key and what each channel will be sent. */
  const queued = (kind: string) =>
    pg.sql<{ message_key: string; channel: string; audience: string; payload: Record<string, unknown> }[]>`
      select message_key, channel, audience, payload from notifications where kind = ${kind} order by id`

  it('records what staff were told and queues its one message in the same transaction: raised once, resolved once', async () => {
    await pg.sql`truncate notifications`
    const alerts = pgAlertStore(pg.sql)
    await failedLead('auth 401: Not Authenticated', 'Auth Failed')
    expect((await alerts.evaluate(30)).raised.map((r) => r.condition).sort()).toEqual(['board-auth', 'failed'])
    expect(await pg.sql`select condition, active, notified_count from lead_alert_state order by condition`).toEqual([
      { condition: 'board-auth', active: true, notified_count: 1 },
      { condition: 'failed', active: true, notified_count: 1 },
    ])
    const raised = await queued('lead-alert')
    expect(raised.map((row) => [row.channel, row.audience])).toEqual([
      ['webhook', 'ops'],
      ['email', 'ops'],
    ])
    expect(raised[0]!.message_key).toMatch(/^lead-alert:board-auth@\d+\+failed@\d+$/)
    expect(raised[0]!.payload).toMatchObject({ pendingMinutes: 30, resolved: [], raised: [{ leads: [{ name: 'Auth Failed' }] }, {}] })

    // Evaluated again while nothing changed: nothing recorded, nothing queued.
    expect(await alerts.evaluate(30)).toEqual({ raised: [], resolved: [] })
    expect(await queued('lead-alert')).toHaveLength(2)

    await retryFailed()
    await pg.sql`update leads set status = 'delivered', failure_reason = null`
    expect(await alerts.evaluate(30)).toMatchObject({ raised: [], resolved: ['board-auth', 'failed'] })
    expect(await alerts.evaluate(30)).toEqual({ raised: [], resolved: [] })
    const all = await queued('lead-alert')
    expect(all).toHaveLength(4)
    expect(all[2]!.message_key).toMatch(/^lead-alert:board-auth-resolved@\d+\+failed-resolved@\d+$/)
  })

  it('two runs at once queue one alert: the second waits for the first and finds it told', async () => {
    await pg.sql`truncate notifications`
    await failedLead('http 500: Internal server error')
    const plans = await Promise.all([pgAlertStore(pg.sql).evaluate(30), pgAlertStore(pg.sql).evaluate(30)])
    expect(plans.map((plan) => plan.raised.length).sort()).toEqual([0, 1])
    expect(await queued('lead-alert')).toHaveLength(2)
  })

  it('health and digest figures', async () => {
    await failedLead('http 500: Internal server error')
    const spam = fresh('Flagged Person')
    await store.record({ submission: spam, status: 'spam', spamReason: 'too-fast' })
    const delivered = fresh()
    await store.record({ submission: delivered, status: 'pending' })
    await store.delivered((await store.claim(delivered.submissionId, 10_000))!, 'item-2')

    expect(await healthFigures(pg.sql)).toMatchObject({ pending: 0, oldestPendingMinutes: 0, failed: 1, spamToday: 1 })
    const digest = await digestFigures(pg.sql)
    expect(digest).toMatchObject({ received: 2, delivered: 1, pending: 0, failed: 1, spam: 1 })
    expect(digest.spamLeads).toMatchObject([{ name: 'Flagged Person', reason: 'too-fast', submissionId: spam.submissionId }])
  })
})

describe('the digest: no call booked yet', () => {
  async function deliveredLead(name: string) {
    const lead = fresh(name)
    await store.record({ submission: lead, status: 'pending' })
    await store.delivered((await store.claim(lead.submissionId, 10_000))!, `item-${name.length}`)
    const [row] = await pg.sql<{ id: string }[]>`select id from leads where submission_id = ${lead.submissionId}`
    return row!.id
  }
  const booking = (leadId: string, uid: string, event: string, previous: string | null = null) => pg.sql`
    insert into lead_bookings (booking_uid, trigger_event, previous_uid, lead_id, item_key, start_time, organizer, attendee_name, attendee_email, note)
    values (${uid}, ${event}, ${previous}, ${leadId}, ${`booking:${previous ?? uid}`}, now() + interval '1 day', 'Sales', 'x', 'x@example.com', '<p>x</p>')`

  it('lists the lead whose call was cancelled and the one with none; a booked or rescheduled lead is not listed', async () => {
    const cancelled = await deliveredLead('Cancelled Carol')
    await booking(cancelled, 'b-1', 'BOOKING_CREATED')
    await booking(cancelled, 'b-1', 'BOOKING_CANCELLED')
    const moved = await deliveredLead('Moved Mo')
    await booking(moved, 'b-2', 'BOOKING_CREATED')
    await booking(moved, 'b-3', 'BOOKING_RESCHEDULED', 'b-2')
    await booking(await deliveredLead('Booked Bea'), 'b-4', 'BOOKING_CREATED')
    await deliveredLead('Nobody Ned')
    const rebooked = await deliveredLead('Rebooked Rae')
    await booking(rebooked, 'b-5', 'BOOKING_CREATED')
    await booking(rebooked, 'b-5', 'BOOKING_CANCELLED')
    await booking(rebooked, 'b-6', 'BOOKING_CREATED')

    const { unbooked } = await digestFigures(pg.sql)
    expect(unbooked?.count).toBe(2)
    expect(unbooked?.leads.map((lead) => [lead.name, lead.cancelled])).toEqual([
      ['Cancelled Carol', { reason: null }],
      ['Nobody Ned', undefined],
    ])
    expect(unbooked?.leads[0]?.boardItemId).toMatch(/^item-/)
  })

  it('leads-health counts booking updates the board has not taken, and those waiting too long', async () => {
    const lead = await deliveredLead('Waiting Wes')
    await booking(lead, 'b-8', 'BOOKING_CREATED')
    await booking(lead, 'b-8', 'BOOKING_CANCELLED')
    await pg.sql`update lead_bookings set created_at = now() - interval '45 minutes' where trigger_event = 'BOOKING_CREATED'`
    expect(await bookingFigures(pg.sql, 30)).toEqual({ pending: 2, stale: 1, failed: 0 })
  })

  it("names the cancellation's reason the booking worker stored", async () => {
    const lead = await deliveredLead('Reason Rita')
    await booking(lead, 'b-7', 'BOOKING_CANCELLED')
    await pg.sql`update lead_bookings set cancellation_reason = 'Sick today' where booking_uid = 'b-7'`
    expect((await digestFigures(pg.sql)).unbooked?.leads).toMatchObject([{ name: 'Reason Rita', cancelled: { reason: 'Sick today' } }])
  })
})

describe('a new lead reaches sales at once (NEW_LEAD_ALERTS)', () => {
  it('queues each delivered lead once, in the transaction that marks it announced, with the facts its message needs', async () => {
    await pg.sql`truncate notifications`
    const lead = fresh('Nina Newlead')
    await store.record({ submission: lead, status: 'pending' })
    await store.delivered((await store.claim(lead.submissionId, 10_000))!, '4242')
    await store.record({ submission: fresh('Still Pending'), status: 'pending' })
    const deps = { store: pgNewLeadStore(pg.sql), logger: { info() {}, warn() {}, error() {} } }
    expect(await announceNewLeads(deps)).toBe(1)
    expect(await announceNewLeads(deps)).toBe(0)
    const rows = await pg.sql<{ message_key: string; channel: string; audience: string; payload: Record<string, unknown> }[]>`
      select message_key, channel, audience, payload from notifications where kind = 'new-lead' order by id`
    expect(rows.map((row) => [row.message_key, row.channel, row.audience])).toEqual([
      [`new-lead:${lead.submissionId}`, 'webhook', 'sales'],
      [`new-lead:${lead.submissionId}`, 'email', 'sales'],
    ])
    const text = renderers['new-lead']!(rows[0]!.payload)('slack').text
    expect(text).toContain('*New lead: Nina Newlead*')
    expect(text).toContain('Phone: <tel:+61422470721|0422 470 721>')
    expect(text).toMatch(/Page: .+ \(\/\)/)
    expect(text).toContain('Board item 4242')
    expect(text).not.toContain('Still Pending')
    const [marked] = await pg.sql`select sales_alerted_at is not null as told from leads where submission_id = ${lead.submissionId}`
    expect(marked).toEqual({ told: true })
  })

  it('marks nothing and queues nothing when the transaction fails', async () => {
    await pg.sql`truncate notifications`
    const lead = fresh('Rolled Back')
    await store.record({ submission: lead, status: 'pending' })
    await store.delivered((await store.claim(lead.submissionId, 10_000))!, '4343')
    await pg.sql`alter table notifications add constraint no_new_leads check (kind <> 'new-lead') not valid`
    try {
      expect(await announceNewLeads({ store: pgNewLeadStore(pg.sql), logger: { info() {}, warn() {}, error() {} } })).toBe(0)
    } finally {
      await pg.sql`alter table notifications drop constraint no_new_leads`
    }
    const [row] = await pg.sql`select sales_alerted_at from leads where submission_id = ${lead.submissionId}`
    expect(row).toEqual({ sales_alerted_at: null })
    expect(await pgNewLeadStore(pg.sql).queueDue(10)).toBe(1)
  })
})

describe('the digest schedule', () => {
  // Its SQL runs in tests/db/cron-jobs.test.ts, plain PostgreSQL too.
  it('wakes the function every hour; a day is recorded with its figures and queued once', async () => {
    expect(await pg.sql`select schedule from cron.job where jobname = 'leads-digest'`).toEqual([{ schedule: '0 * * * *' }])
    await pg.sql`truncate notifications, lead_digest_days`
    await failedLead('http 500: Internal server error')
    const digests = pgDigestStore(pg.sql)
    expect(await digests.queue({ day: '2026-10-04', key: 'digest:2026-10-04', always: false })).toBe('queued')
    expect(await digests.queue({ day: '2026-10-04', key: 'digest:2026-10-04', always: false })).toBe('already sent today')
    const [day] = await pg.sql`select figures, message_key from lead_digest_days`
    expect(day).toMatchObject({ figures: { failed: 1 }, message_key: 'digest:2026-10-04' })
    expect(await pg.sql`select channel, audience from notifications where kind = 'digest' order by id`).toEqual([
      { channel: 'webhook', audience: 'sales' },
      { channel: 'email', audience: 'sales' },
    ])
    await pg.sql`truncate leads`
    expect(await digests.queue({ day: '2026-10-05', key: 'digest:2026-10-05', always: false })).toBe('nothing to report')
    await pg.sql`truncate lead_digest_days`
  })
})
