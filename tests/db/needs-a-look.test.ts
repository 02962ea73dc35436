import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { validRegistration } from '../support/enterprise-row'

// 20261201010000_unverified_registrations.sql and 20261201011000_needs_a_look_summary.sql on a real
// PostgreSQL: each class of registration counts only itself, and the 'Needs a look' summary is claimed
// once an hour, only when something new arrived.
let pg: PgCluster

beforeAll(async () => {
  pg = await startPgCluster()
}, 120_000)
afterAll(() => pg?.stop())
beforeEach(async () => {
  await pg.sql`truncate enterprise_registrations, enterprise_registration_days, leads`
  await pg.sql`update needs_a_look_summary set sent_at = now() - interval '61 minutes'`
})

/** An insert as enterprise-register makes it: the trusted header in request.headers, then the row. */
const registerFrom = (ip: string, verified: boolean) =>
  pg.sql
    .begin(async (tx) => {
      await tx`select set_config('request.headers', ${JSON.stringify({ 'cf-connecting-ip': ip })}, true)`
      return tx<{ status: string; over_daily_cap: boolean }[]>`
        insert into enterprise_registrations ${tx({ ...validRegistration, submission_id: randomUUID(), verified } as never)}
        returning status, over_daily_cap`
    })
    .then(
      (rows) => rows[0]!,
      (error: { code?: string }) => error.code,
    )

const claim = async () => (await pg.sql`select * from claim_needs_a_look_summary()`)[0]

describe('unverified registrations count only themselves', () => {
  it('two unverified an hour per address; a verified registrant from the same address is still let in', async () => {
    expect(await registerFrom('203.0.113.9', false)).toMatchObject({ status: 'pending' })
    expect(await registerFrom('203.0.113.9', false)).toMatchObject({ status: 'pending' })
    expect(await registerFrom('203.0.113.9', false)).toBe('PT429')
    for (let i = 0; i < 5; i++) expect(await registerFrom('203.0.113.9', true)).toMatchObject({ status: 'pending', over_daily_cap: false })
    expect(await registerFrom('203.0.113.9', true)).toBe('PT429')
  })

  it('past their own daily allowance unverified ones are held at once; the verified cap is untouched', async () => {
    await pg.sql`update enterprise_registration_settings set unverified_daily_cap = 2, daily_cap = 1`
    try {
      const unverified = [
        await registerFrom('203.0.113.20', false),
        await registerFrom('203.0.113.21', false),
        await registerFrom('203.0.113.22', false),
      ]
      expect(unverified).toMatchObject([
        { status: 'pending', over_daily_cap: false },
        { status: 'pending', over_daily_cap: false },
        { status: 'held', over_daily_cap: true },
      ])
      expect(await registerFrom('203.0.113.23', true)).toMatchObject({ status: 'pending', over_daily_cap: false })
      // Past the verified cap: flagged, and placed in 'Needs a look' by the follow-through.
      expect(await registerFrom('203.0.113.24', true)).toMatchObject({ status: 'pending', over_daily_cap: true })
      expect(await pg.sql`select registrations, unverified from enterprise_registration_days`).toEqual([
        { registrations: 2, unverified: 3 },
      ])
    } finally {
      await pg.sql`update enterprise_registration_settings set unverified_daily_cap = 20, daily_cap = 50`
    }
  })
})

describe('the Needs a look summary', () => {
  it('is claimed once an hour, only with news, counting each class once', async () => {
    expect(await claim()).toBeUndefined()
    await pg.sql`update enterprise_registration_settings set unverified_daily_cap = 1, daily_cap = 0`
    try {
      await registerFrom('203.0.113.30', false)
      await registerFrom('203.0.113.31', false)
      await registerFrom('203.0.113.32', true)
    } finally {
      await pg.sql`update enterprise_registration_settings set unverified_daily_cap = 20, daily_cap = 50`
    }
    const lead = (status: string, verified: boolean | null) => pg.sql`
      insert into leads (submission_id, status, lead, tracking, source, verified)
      values (${randomUUID()}, ${status}, '{"name":"x"}', '{}', '{}', ${verified})`
    await lead('pending', false)
    await lead('spam', false)
    await lead('pending', true)
    await lead('pending', null)
    expect(await claim()).toMatchObject({
      unverified_leads: 1,
      spam_leads: 1,
      unverified_registrations: 1,
      held_registrations: 1,
      off_board_registrations: 1,
    })
    await lead('pending', false)
    expect(await claim()).toBeUndefined()
    // An hour passes: the last summary and everything so far move an hour back.
    await pg.sql`update needs_a_look_summary set sent_at = sent_at - interval '61 minutes'`
    await pg.sql`update leads set created_at = created_at - interval '61 minutes'`
    await pg.sql`update enterprise_registrations set created_at = created_at - interval '61 minutes'`
    expect(await claim()).toMatchObject({ unverified_leads: 1, spam_leads: 0, unverified_registrations: 0 })
  })

  it('a decided record is no longer news, and the API roles can neither claim nor read it', async () => {
    await pg.sql`
      insert into leads (submission_id, status, lead, tracking, source, verified, staff_decision)
      values (${randomUUID()}, 'pending', '{"name":"x"}', '{}', '{}', false, 'not-genuine')`
    expect(await claim()).toBeUndefined()
    for (const role of ['anon', 'authenticated'] as const)
      await expect(pg.asRole(role, (tx) => tx`select * from claim_needs_a_look_summary()`)).rejects.toMatchObject({ code: '42501' })
  })

  it('release_spam_lead records the same release as the board', async () => {
    const id = randomUUID()
    await pg.sql`insert into leads (submission_id, status, lead, tracking, source, spam_reason) values (${id}, 'spam', '{}', '{}', '{}', 'honeypot')`
    await pg.asRole('service_role', (tx) => tx`select release_spam_lead(${id})`)
    expect(await pg.sql`select status, staff_decision from leads where submission_id = ${id}`).toEqual([
      { status: 'pending', staff_decision: 'release' },
    ])
  })
})
