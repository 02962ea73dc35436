import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { register } from '../support/enterprise-followup'
import { clearNetCalls, createVaultSecrets, netCalls, PROJECT_URL } from '../support/pg-net'

// 20261201030000_board_decisions.sql: the decisions staff set on the board, kept from the API roles,
// and record_staff_decision(), the one write of a decision (the worker's and the runbook's).

type Lead = { status: string; staff_decision: string | null; sales_alerted_at: Date | null; released_at: Date | null }

describe('board decisions (PostgreSQL)', () => {
  let pg: PgCluster
  beforeAll(async () => {
    pg = await startPgCluster()
    await createVaultSecrets(pg.sql)
  }, 60_000)
  afterAll(() => pg?.stop())
  beforeEach(async () => {
    await pg.sql`truncate leads, enterprise_registrations, lead_bookings, board_decision_events`
    await clearNetCalls(pg.sql)
  })

  const lead = async (change: Record<string, unknown> = {}) => {
    const [row] = await pg.sql<{ id: string }[]>`
      insert into leads ${pg.sql({
        submission_id: crypto.randomUUID(),
        status: 'delivered',
        lead: { name: 'Bot Spammer' },
        tracking: {},
        source: {},
        verified: false,
        board_item_id: String(Math.floor(Math.random() * 1e9)),
        delivered_at: new Date(),
        sales_alerted_at: new Date(),
        ...change,
      } as never)}
      returning id`
    return String(row!.id)
  }
  const decide = async (kind: string, id: string, decision: string, at: Date = new Date()) =>
    (await pg.sql<{ outcome: string }[]>`select record_staff_decision(${kind}, ${id}, ${decision}, ${at}) as outcome`)[0]!.outcome
  const leadRow = async (id: string) =>
    (await pg.sql<Lead[]>`select status, staff_decision, sales_alerted_at, released_at from leads where id = ${id}`)[0]!
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
  /** Sales is not owed the new-lead message: told at or after the decision, whichever way a sender compares. */
  const notOwed = async (id: string) =>
    (await pg.sql<{ told: boolean }[]>`select sales_alerted_at >= staff_decided_at as told from leads where id = ${id}`)[0]!.told

  it.each(['anon', 'authenticated'] as const)('%s can neither read, write nor number the decisions, nor call their functions', async (role) => {
    for (const statement of [
      'select * from public.board_decision_events',
      `insert into public.board_decision_events (event_key, item_id, column_id, changed_at) values ('k', '1', 'decision', now())`,
      `update public.board_decision_events set outcome = 'released'`,
      'delete from public.board_decision_events',
      `select nextval('public.board_decision_events_id_seq')`,
      `select public.record_staff_decision('lead', '1', 'release')`,
      `select * from public.board_item_subject('1')`,
    ])
      expect(await pg.asRole(role, (tx) => tx.unsafe(statement)).catch((error: { code?: string }) => error.code), statement).toBe('42501')
  })

  it('a recorded decision wakes webhook-events', async () => {
    await pg.sql`insert into board_decision_events (event_key, item_id, column_id, changed_at) values ('k1', '1', 'decision', now())`
    expect((await netCalls(pg.sql)).map((call) => call.url)).toEqual([`${PROJECT_URL}/functions/v1/webhook-events`])
  })

  it("a lead held back from sales is released once: its new-lead message requeued the first time only", async () => {
    const id = await lead()
    expect(await decide('lead', id, 'release', minutesAgo(3))).toBe('released')
    expect(await leadRow(id)).toMatchObject({ staff_decision: 'release', sales_alerted_at: null, released_at: expect.any(Date) })
    expect(await decide('lead', id, 'release', minutesAgo(2))).toBe('repeat')

    // Announced by the next run; then 'Not genuine' and 'Release' again: recorded, not announced twice.
    await pg.sql`update leads set sales_alerted_at = now() where id = ${id}`
    expect(await decide('lead', id, 'not-genuine', minutesAgo(1))).toBe('rejected')
    expect(await decide('lead', id, 'release')).toBe('released')
    expect(await leadRow(id)).toMatchObject({ staff_decision: 'release', sales_alerted_at: expect.any(Date) })
    expect(await notOwed(id)).toBe(true)
  })

  it('an older decision stands down before a newer one', async () => {
    const id = await lead()
    expect(await decide('lead', id, 'not-genuine', minutesAgo(1))).toBe('rejected')
    expect(await decide('lead', id, 'release', minutesAgo(5))).toBe('stale')
    expect(await leadRow(id)).toMatchObject({ staff_decision: 'not-genuine', released_at: null, sales_alerted_at: expect.any(Date) })
  })

  it('a lead sales already heard of (verified, not flagged) is not announced again; a spam-flagged one goes back to the outbox', async () => {
    const verified = await lead({ verified: true })
    expect(await decide('lead', verified, 'release')).toBe('released')
    expect(await notOwed(verified)).toBe(true)

    const spam = await lead({ status: 'spam', spam_reason: 'honeypot', delivered_at: null, sales_alerted_at: null, board_item_id: null })
    expect(await decide('lead', spam, 'release')).toBe('released')
    expect((await leadRow(spam)).status).toBe('pending')

    // Flagged and already on the board (in 'Needs a look'): delivered as it is, no second item, announced next run.
    const onBoard = await lead({ status: 'spam', spam_reason: 'honeypot', delivered_at: null, sales_alerted_at: null, verified: true })
    expect(await decide('lead', onBoard, 'release')).toBe('released')
    expect(await leadRow(onBoard)).toMatchObject({ status: 'delivered', sales_alerted_at: null })
  })

  it('a held registration goes back to the follow-through; a finished one too; the same release again changes nothing', async () => {
    const held = await register(pg.sql)
    const done = await register(pg.sql, { company_name: 'Bot Pty' })
    await pg.sql`update enterprise_registrations set status = 'held' where id = ${held}`
    await pg.sql`update enterprise_registrations set status = 'done', verified = false, attempts = 4 where id = ${done}`
    expect(await decide('registration', held, 'release')).toBe('released')
    expect(await decide('registration', done, 'release')).toBe('released')
    const rows = await pg.sql`select status, attempts, staff_decision from enterprise_registrations order by company_name`
    expect(rows).toEqual([
      { status: 'pending', attempts: 0, staff_decision: 'release' },
      { status: 'pending', attempts: 0, staff_decision: 'release' },
    ])
    expect(await decide('registration', held, 'release')).toBe('repeat')
  })

  it('a registration a run is working when the release comes is taken back from that run, so the next one reads the decision', async () => {
    const id = await register(pg.sql)
    await pg.sql`
      update enterprise_registrations set verified = false, attempts = 1, claim_token = gen_random_uuid(),
        claimed_until = now() + interval '1 minute' where id = ${id}`
    expect(await decide('registration', id, 'release')).toBe('released')
    const [row] = await pg.sql`select status, attempts, claim_token, claimed_until from enterprise_registrations where id = ${id}`
    expect(row).toEqual({ status: 'pending', attempts: 1, claim_token: null, claimed_until: null })
  })

  it('finds the record an item stands for: a lead before its bookings, then a registration, then a booking', async () => {
    const leadId = await lead({ board_item_id: '700' })
    await pg.sql`
      insert into lead_bookings (booking_uid, trigger_event, item_key, start_time, organizer, attendee_name, attendee_email, note, board_item_id)
      values ('b1', 'BOOKING_CREATED', 'booking:b1', now(), 'Grace', 'Ada', 'ada@example.com', '', '700'),
             ('b2', 'BOOKING_CREATED', 'booking:b2', now(), 'Grace', 'Eve', 'eve@example.com', '', '800')`
    const registration = await register(pg.sql)
    await pg.sql`update enterprise_registrations set board_item_id = '900' where id = ${registration}`
    const subject = async (item: string) => (await pg.sql`select kind, id from board_item_subject(${item})`)[0]
    expect(await subject('700')).toEqual({ kind: 'lead', id: leadId })
    expect(await subject('900')).toEqual({ kind: 'registration', id: registration })
    expect(await subject('800')).toEqual({ kind: 'booking', id: '800' })
    expect(await subject('1')).toEqual({ kind: null, id: null })

    expect(await decide('booking', '800', 'not-genuine')).toBe('rejected')
    expect(await pg.sql`select staff_decision from lead_bookings where board_item_id = '800'`).toEqual([{ staff_decision: 'not-genuine' }])
    expect(await decide('lead', '999999', 'release')).toBe('unknown')
  })
})
