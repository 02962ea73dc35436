import type { TransactionSql } from 'postgres'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LeadSubmissionSchema } from '@/schemas/lead'
import type { LeadStore } from '../../supabase/functions/_shared/delivery/lead-store.ts'
import { pgLeadStore } from '../../supabase/functions/_shared/delivery/pg-lead-store.ts'
import { pgRateCounter } from '../../supabase/functions/_shared/limits/pg-rate-counter.ts'
import { createRateLimiter } from '../../supabase/functions/_shared/limits/rate-limit.ts'
import { pgClientAddressKey } from '../../supabase/functions/_shared/limits/client-address.ts'
import { recordingLogger, submission } from '../functions/support'
import { startPgCluster, type PgCluster, type SupabaseRole } from '../support/pg-cluster.mjs'

let pg: PgCluster
let store: LeadStore

beforeAll(async () => {
  pg = await startPgCluster()
  store = pgLeadStore(pg.sql)
}, 60_000)
afterAll(() => pg?.stop())

const fresh = () => v.parse(LeadSubmissionSchema, submission({ submissionId: crypto.randomUUID() }))
const anonymous: SupabaseRole[] = ['anon', 'authenticated']

describe('leads tables: no access for anonymous roles', () => {
  it.each(anonymous)('%s cannot read, write, change or delete leads, the counters or the attention view', async (role) => {
    await store.record({ submission: fresh(), status: 'pending' })
    const statements = [
      (tx: TransactionSql) => tx`select * from leads`,
      (tx: TransactionSql) => tx`insert into leads (submission_id, lead, tracking, source) values (gen_random_uuid(), '{}', '{}', '{}')`,
      (tx: TransactionSql) => tx`update leads set status = 'failed'`,
      (tx: TransactionSql) => tx`delete from leads`,
      (tx: TransactionSql) => tx`select * from request_limits`,
      (tx: TransactionSql) => tx`select * from leads_attention`,
    ]
    for (const statement of statements) {
      await expect(pg.asRole(role, statement)).rejects.toThrow(/permission denied/)
    }
  })

  it('the service role reads pending and failed leads in leads_attention', async () => {
    const lead = fresh()
    await store.record({ submission: lead, status: 'pending' })
    const rows = await pg.asRole('service_role', (tx) => tx`select submission_id, status, email from leads_attention`)
    expect(rows).toContainEqual({ submission_id: lead.submissionId, status: 'pending', email: 'ada@example.com' })
  })
})

describe('the redelivery schedule', () => {
  // Its SQL runs in tests/db/cron-jobs.test.ts, plain PostgreSQL too.
  it('is scheduled every minute', async () => {
    expect(await pg.sql`select schedule from cron.job where jobname = 'leads-redeliver'`).toEqual([{ schedule: '* * * * *' }])
  })
})

describe('the outbox on PostgreSQL', () => {
  it('records a submission id once, and answers a repeat with the stored row', async () => {
    const lead = fresh()
    const first = await store.record({ submission: lead, status: 'pending' })
    const again = await store.record({ submission: { ...lead, lead: { ...lead.lead, name: 'Someone else' } }, status: 'spam' })
    expect(again).toMatchObject({ id: first.id, status: 'pending', submission: { lead: { name: 'Ada Lovelace' } } })
  })

  it('keeps the review check a lead was booked from, and no check for an ordinary lead', async () => {
    // Stored as spam so that the claim tests below do not meet these rows.
    const check = { placeId: 'mock-vet-harbourside', rating: 4.6, reviewCount: 212, rank: 3, radiusKm: 5 as const }
    const withCheck = { ...fresh(), check }
    await store.record({ submission: withCheck, status: 'spam' })
    expect((await store.find(withCheck.submissionId))?.submission.check).toEqual(check)
    const plain = fresh()
    await store.record({ submission: plain, status: 'spam' })
    expect((await store.find(plain.submissionId))?.submission).not.toHaveProperty('check')
    expect((await store.find(plain.submissionId))?.submission).not.toHaveProperty('reply')
  })

  it('keeps the AI reply settings a lead was booked from (never the review)', async () => {
    const reply = { rating: 1, tone: 'brief', kind: 'health', source: 'template' } as const
    const withReply = { ...fresh(), reply }
    await store.record({ submission: withReply, status: 'spam' })
    expect((await store.find(withReply.submissionId))?.submission.reply).toEqual(reply)
    const [row] = await pg.sql<{ ai_reply: unknown }[]>`select ai_reply from leads where submission_id = ${withReply.submissionId}`
    expect(row?.ai_reply).toEqual(reply)
  })

  it('lets exactly one of five concurrent claims of a lead win', async () => {
    const lead = fresh()
    await store.record({ submission: lead, status: 'pending' })
    const claims = await Promise.all(Array.from({ length: 5 }, () => store.claim(lead.submissionId, 10_000)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(claims.find(Boolean)).toMatchObject({ attempts: 1 })
  })

  it('gives concurrent workers different leads, and a lapsed claim back to the next one', async () => {
    const leads = [fresh(), fresh()]
    for (const lead of leads) await store.record({ submission: lead, status: 'pending' })
    // Older pending rows from other tests are claimed too; what matters is that no row is handed out twice.
    const claimed = await Promise.all(Array.from({ length: 6 }, () => store.claimNext(300)))
    const ids = claimed.filter(Boolean).map((row) => row!.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(await store.claim(leads[0]!.submissionId, 300)).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await store.claim(leads[0]!.submissionId, 300)).toMatchObject({ attempts: 2 })
  })

  it('moves only pending rows: a late outcome never overwrites a delivered lead', async () => {
    const lead = fresh()
    await store.record({ submission: lead, status: 'pending' })
    const row = (await store.claim(lead.submissionId, 10_000))!
    expect(await store.delivered(row, 'item-1')).toBe(true)
    expect(await store.retryLater(row, { reason: 'timeout', detail: 'late timeout' }, new Date())).toBe(false)
    expect(await store.failed(row, { reason: 'http', detail: 'late failure' })).toBe(false)
    expect(await store.find(lead.submissionId)).toMatchObject({
      status: 'delivered',
      boardItemId: 'item-1',
      lastError: null,
      claimToken: null,
    })
  })

  it('moves a row only under its current claim: a lapsed claimant cannot settle a lead a newer claim holds', async () => {
    const lead = fresh()
    await store.record({ submission: lead, status: 'pending' })
    const lapsed = (await store.claim(lead.submissionId, 10_000))!
    await pg.sql`update leads set claimed_until = now() - interval '1 second' where submission_id = ${lead.submissionId}`
    const current = (await store.claim(lead.submissionId, 10_000))!
    expect(current.claimToken).not.toBe(lapsed.claimToken)

    expect(await store.delivered(lapsed, 'item-late')).toBe(false)
    expect(await store.retryLater(lapsed, { reason: 'timeout', detail: 'late timeout' }, new Date())).toBe(false)
    expect(await store.failed(lapsed, { reason: 'http', detail: 'late failure' })).toBe(false)
    expect(await store.find(lead.submissionId)).toMatchObject({ status: 'pending', attempts: 2, claimToken: current.claimToken })

    expect(await store.delivered(current, 'item-1')).toBe(true)
    expect(await store.find(lead.submissionId)).toMatchObject({ status: 'delivered', boardItemId: 'item-1', claimToken: null })
  })

  it('keeps a lead waiting until its next attempt, and can give an attempt back', async () => {
    const lead = fresh()
    await store.record({ submission: lead, status: 'pending' })
    const row = (await store.claim(lead.submissionId, 10_000))!
    await store.retryLater(row, { reason: 'rate-limited', detail: 'rate-limited 429: slow down' }, new Date(Date.now() + 60_000), {
      countAttempt: false,
    })
    expect(await store.claim(lead.submissionId, 10_000)).toBeUndefined()
    expect(await store.find(lead.submissionId)).toMatchObject({ attempts: 0, lastError: 'rate-limited 429: slow down' })
  })
})

describe('the rate limiter on PostgreSQL', () => {
  const request = (ip: string) => new Request('https://project.test/functions/v1/leads', { headers: { 'cf-connecting-ip': ip } })

  it('counts per client address in fixed windows, answers how long to wait, and stores only salted hashes', async () => {
    const limiter = createRateLimiter({
      counter: pgRateCounter(pg.sql),
      rule: { bucket: 'test', limit: 2, windowSeconds: 60 },
      salt: 'pepper',
      logger: recordingLogger(),
      now: () => new Date(),
      addressKey: pgClientAddressKey(pg.sql),
    })
    const decisions = []
    for (let i = 0; i < 3; i++) decisions.push(await limiter(request('198.51.100.4')))
    expect(decisions.slice(0, 2)).toEqual([{ allowed: true }, { allowed: true }])
    expect(decisions[2]).toMatchObject({ allowed: false })
    const wait = (decisions[2] as { retryAfterSeconds: number }).retryAfterSeconds
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    expect(await limiter(request('198.51.100.5'))).toEqual({ allowed: true })

    const stored = await pg.sql`select client_hash from request_limits where bucket = 'test'`
    expect(stored).toHaveLength(2)
    for (const { client_hash } of stored) expect(client_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('keeps the failure kind in its own column beside the text, and clears both once delivered', async () => {
    const lead = fresh()
    await store.record({ submission: lead, status: 'pending' })
    const row = (await store.claim(lead.submissionId, 10_000))!
    await store.retryLater(row, { reason: 'auth', detail: 'auth 401: Not Authenticated' }, new Date())
    const [stored] = await pg.sql`select failure_reason, last_error from leads where submission_id = ${lead.submissionId}`
    expect(stored).toEqual({ failure_reason: 'auth', last_error: 'auth 401: Not Authenticated' })
    expect(await store.find(lead.submissionId)).toMatchObject({ failureReason: 'auth' })

    await store.delivered((await store.claim(lead.submissionId, 10_000))!, 'item-1')
    expect(await store.find(lead.submissionId)).toMatchObject({ status: 'delivered', failureReason: null, lastError: null })
    const [done] = await pg.sql`select delivered_at is not null as at from leads where submission_id = ${lead.submissionId}`
    expect(done).toEqual({ at: true })
  })
})
