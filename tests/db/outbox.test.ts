import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxItem } from '../../supabase/functions/_shared/outbox/outbox.ts'
import { pgOutbox, type PgOutbox } from '../../supabase/functions/_shared/outbox/pg-outbox.ts'
import { settleFailure } from '../../supabase/functions/_shared/outbox/settle.ts'
import { ClaimLost } from '../../supabase/functions/_shared/outbox/claim-lost.ts'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'

// The outbox knows no leads: any table with its columns works. A stand-in for a second user.
type Job = OutboxItem & { key: string; receipt: string | null; status: string }
type Row = {
  id: string
  job_key: string
  status: string
  attempts: number
  claimed_until: Date | null
  claim_token: string | null
  last_error: string | null
  failure_reason: string | null
  receipt: string | null
  created_at: Date
}

let pg: PgCluster
let outbox: PgOutbox<Job>

beforeAll(async () => {
  pg = await startPgCluster()
  await pg.sql`
    create table jobs (
      id bigint generated always as identity primary key,
      job_key text not null unique,
      status text not null default 'pending',
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      claimed_until timestamptz,
      claim_token uuid,
      last_error text,
      failure_reason text,
      receipt text,
      sent_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`
  // Its transitions are the SQL functions of every outbox, for a table registered as one.
  await pg.sql`insert into outbox_tables (tbl, key_column, done_status, done_at_column) values ('jobs', 'job_key', 'sent', 'sent_at')`
  outbox = pgOutbox<Row, Job>(pg.sql, {
    table: 'jobs',
    key: 'job_key',
    doneStatus: 'sent',
    doneAt: 'sent_at',
    toItem: (row) => ({
      id: String(row.id),
      key: row.job_key,
      status: row.status,
      attempts: row.attempts,
      claimToken: row.claim_token,
      claimedUntil: row.claimed_until,
      lastError: row.last_error,
      failureReason: row.failure_reason,
      receipt: row.receipt,
      createdAt: row.created_at,
    }),
  })
}, 60_000)
afterAll(() => pg?.stop())

const backoff = { baseMs: 60_000, maxMs: 60_000, maxAttempts: 2, random: () => 0 }
const now = () => new Date()

describe('the generic outbox on another table', () => {
  it('claims once, backs off with the failure kind, fails after its attempts, and is done once', async () => {
    await pg.sql`insert into jobs (job_key) values ('a'), ('b')`

    const first = (await outbox.claim('a', 10_000))!
    expect(first).toMatchObject({ key: 'a', attempts: 1 })
    expect(await outbox.claim('a', 10_000)).toBeUndefined()
    expect(
      await settleFailure(first, { reason: 'timeout', detail: 'timeout: no answer', countAttempt: true }, { outbox, backoff, now }),
    ).toMatchObject({
      kind: 'retry',
    })
    expect(await outbox.find('a')).toMatchObject({ status: 'pending', failureReason: 'timeout', lastError: 'timeout: no answer' })
    expect(await outbox.claim('a', 10_000)).toBeUndefined()

    await pg.sql`update jobs set next_attempt_at = now() where job_key = 'a'`
    const second = (await outbox.claim('a', 10_000))!
    expect(second).toMatchObject({ key: 'a', attempts: 2 })
    expect(await settleFailure(second, { reason: 'auth', detail: 'auth 401', countAttempt: true }, { outbox, backoff, now })).toEqual({
      kind: 'failed',
    })
    expect(await outbox.find('a')).toMatchObject({ status: 'failed', failureReason: 'auth' })

    const other = (await outbox.claimNext(10_000))!
    expect(other.key).toBe('b')
    expect(await outbox.done(other, { receipt: 'r-1' })).toBe(true)
    expect(await outbox.failed(other, { reason: 'late', detail: 'a late failure' })).toBe(false)
    const [row] = await pg.sql`select status, receipt, sent_at is not null as sent, failure_reason from jobs where job_key = 'b'`
    expect(row).toEqual({ status: 'sent', receipt: 'r-1', sent: true, failure_reason: null })
  })
  it('takes outcomes only from the current claim: a lapsed claimant records, settles and retries nothing, and the newer outcome stands', async () => {
    await pg.sql`insert into jobs (job_key) values ('late')`
    const lapsed = (await outbox.claim('late', 10_000))!
    expect(lapsed.claimToken).toMatch(/^[0-9a-f-]{36}$/)
    expect(await outbox.record(lapsed, { receipt: 'first' })).toBe(true)
    await pg.sql`update jobs set claimed_until = now() - interval '1 second' where job_key = 'late'`
    const current = (await outbox.claim('late', 10_000))!
    expect(current).toMatchObject({ attempts: 2, receipt: 'first' })
    expect(current.claimToken).not.toBe(lapsed.claimToken)

    const failure = { reason: 'timeout', detail: 'a late timeout' }
    expect(await outbox.record(lapsed, { receipt: 'late' })).toBe(false)
    expect(await outbox.done(lapsed, { receipt: 'late' })).toBe(false)
    expect(await outbox.retryLater(lapsed, failure, new Date(Date.now() + 60_000))).toBe(false)
    expect(await outbox.failed(lapsed, failure)).toBe(false)
    await expect(settleFailure(lapsed, { ...failure, countAttempt: true }, { outbox, backoff, now })).rejects.toThrow(ClaimLost)
    expect(await outbox.find('late')).toMatchObject({ status: 'pending', attempts: 2, receipt: 'first', claimToken: current.claimToken })

    expect(await outbox.done(current, { receipt: 'r-2' })).toBe(true)
    expect(await outbox.failed(lapsed, failure)).toBe(false)
    const [row] = await pg.sql`select status, receipt, claim_token, claimed_until, last_error from jobs where job_key = 'late'`
    expect(row).toEqual({ status: 'sent', receipt: 'r-2', claim_token: null, claimed_until: null, last_error: null })
  })

  it('works no table that is not registered, and writes no status or claim column from a step', async () => {
    const unregistered = pgOutbox<Row, Job>(pg.sql, {
      table: 'unregistered_jobs',
      key: 'job_key',
      doneStatus: 'sent',
      toItem: (row) => row as never,
    })
    await pg.sql`create table unregistered_jobs (like jobs including all)`
    await pg.sql`insert into unregistered_jobs (job_key) values ('x')`
    await expect(unregistered.claim('x', 10_000)).rejects.toThrow(/not an outbox table/)
    await expect(unregistered.claimNext(10_000)).rejects.toThrow(/not an outbox table/)

    await pg.sql`insert into jobs (job_key) values ('guarded')`
    const item = (await outbox.claim('guarded', 10_000))!
    await expect(outbox.record(item, { status: 'sent' })).rejects.toThrow(/written by its transitions only/)
    await expect(outbox.record(item, { claim_token: null })).rejects.toThrow(/written by its transitions only/)
    await expect(outbox.done(item, { sent_at: new Date(0) })).rejects.toThrow(/written by its transitions only/)
    await expect(outbox.record(item, { nope: 1 })).rejects.toThrow(/no column nope/)
    const wrongDone = pgOutbox<Row, Job>(pg.sql, { table: 'jobs', key: 'job_key', doneStatus: 'failed', toItem: (row) => row as never })
    await expect(wrongDone.done(item, {})).rejects.toThrow(/not the done status/)
    expect(await outbox.find('guarded')).toMatchObject({ status: 'pending', claimToken: item.claimToken })
  })
  it('puts a failed item back in the queue through outbox_requeue, and nothing else', async () => {
    await pg.sql`insert into jobs (job_key) values ('again')`
    const item = (await outbox.claim('again', 10_000))!
    expect(await outbox.failed(item, { reason: 'auth', detail: 'auth 401' })).toBe(true)
    const [requeued] = await pg.sql`select public.outbox_requeue('jobs', 'again') as applied`
    expect(requeued).toEqual({ applied: true })
    expect(await outbox.find('again')).toMatchObject({ status: 'pending', attempts: 0, claimToken: null })
    const [twice] = await pg.sql`select public.outbox_requeue('jobs', 'again') as applied`
    expect(twice).toEqual({ applied: false })
  })
  it('keeps the transitions from the API roles', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(pg.asRole(role, (tx) => tx`select public.outbox_failed('jobs', '1', gen_random_uuid(), 'x', 'y')`)).rejects.toThrow(
        /permission denied/,
      )
    }
  })
})
