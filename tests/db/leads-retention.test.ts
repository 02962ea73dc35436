import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'

let pg: PgCluster

beforeAll(async () => {
  pg = await startPgCluster()
}, 60_000)
afterAll(() => pg?.stop())
beforeEach(async () => {
  await pg.sql`delete from leads`
})

const personal = {
  locations: '2-10',
  name: 'Ada Lovelace',
  phone: '0422470721',
  email: 'ada@example.com',
  business: '78 Harbour Street, Sydney NSW',
  note: 'Call after 3pm',
}
const check = { placeId: 'mock-vet-harbourside', rating: 4.6, reviewCount: 212, rank: 3, radiusKm: 5 }

type Seed = { status: 'pending' | 'delivered' | 'failed' | 'spam'; ageDays: number; deliveredDaysAgo?: number }

async function seed({ status, ageDays, deliveredDaysAgo }: Seed) {
  const [row] = await pg.sql<{ submission_id: string }[]>`
    insert into leads (submission_id, status, lead, tracking, source, review_check, last_error, attempts,
                       board_item_id, created_at, updated_at, delivered_at)
    values (gen_random_uuid(), ${status}, ${pg.sql.json(personal)}, ${pg.sql.json({ platform: 'google', keyword: 'vet' })},
            ${pg.sql.json({ path: '/vet', label: 'Vet landing page', note: 'Partner: QRB' })}, ${pg.sql.json(check)},
            ${status === 'failed' ? 'board said no to ada@example.com' : null}, 1,
            ${status === 'delivered' ? '1234567890' : null},
            now() - make_interval(days => ${ageDays}), now() - make_interval(days => ${ageDays}),
            ${deliveredDaysAgo === undefined ? null : pg.sql`now() - make_interval(days => ${deliveredDaysAgo})`})
    returning submission_id`
  return row!.submission_id
}

const rowOf = async (submissionId: string) => {
  const [row] = await pg.sql`select * from leads where submission_id = ${submissionId}`
  return row
}
const purge = async (days?: number) => {
  const [result] =
    days === undefined
      ? await pg.sql`select * from purge_lead_personal_data()`
      : await pg.sql`select * from purge_lead_personal_data(${days})`
  return result
}

describe('purge_lead_personal_data on PostgreSQL', () => {
  it('erases the personal fields of a lead delivered longer ago than the retention, keeping its proof', async () => {
    const id = await seed({ status: 'delivered', ageDays: 120, deliveredDaysAgo: 119 })
    const before = await rowOf(id)
    expect(await purge()).toEqual({ anonymised: 1, spam_deleted: 0 })
    const after = await rowOf(id)
    expect(after).toMatchObject({
      submission_id: id,
      status: 'delivered',
      board_item_id: '1234567890',
      attempts: 1,
      lead: {},
      tracking: {},
      source: { path: '/vet', label: 'Vet landing page' },
      review_check: null,
      last_error: null,
    })
    expect(after?.created_at).toEqual(before?.created_at)
    expect(after?.delivered_at).toEqual(before?.delivered_at)
    expect(after?.anonymised_at).toBeInstanceOf(Date)
    expect(JSON.stringify(after)).not.toMatch(/Ada|0422470721|ada@example\.com|Harbour|3pm|mock-vet/)
  })

  it('keeps a lead delivered inside the retention whole', async () => {
    const id = await seed({ status: 'delivered', ageDays: 100, deliveredDaysAgo: 80 })
    const before = await rowOf(id)
    expect(await purge()).toEqual({ anonymised: 0, spam_deleted: 0 })
    expect(await rowOf(id)).toEqual(before)
  })

  it.each(['pending', 'failed'] as const)('never touches a %s lead, however old', async (status) => {
    const id = await seed({ status, ageDays: 400 })
    const before = await rowOf(id)
    await purge(1)
    expect(await rowOf(id)).toEqual(before)
    expect(before?.lead).toEqual(personal)
  })

  it('deletes spam older than 30 days and keeps newer spam', async () => {
    const old = await seed({ status: 'spam', ageDays: 31 })
    const recent = await seed({ status: 'spam', ageDays: 29 })
    expect(await purge()).toEqual({ anonymised: 0, spam_deleted: 1 })
    expect(await rowOf(old)).toBeUndefined()
    expect((await rowOf(recent))?.lead).toEqual(personal)
  })

  it('takes the retention from its argument, else from app.lead_retention_days', async () => {
    const id = await seed({ status: 'delivered', ageDays: 40, deliveredDaysAgo: 40 })
    expect(await purge(60)).toMatchObject({ anonymised: 0 })
    const viaSetting = await pg.sql.begin(async (tx) => {
      await tx`select set_config('app.lead_retention_days', '30', true)`
      const [result] = await tx`select * from purge_lead_personal_data()`
      return result
    })
    expect(viaSetting).toMatchObject({ anonymised: 1 })
    expect((await rowOf(id))?.lead).toEqual({})
    // A second run finds nothing left to erase.
    expect(await purge(1)).toEqual({ anonymised: 0, spam_deleted: 0 })
  })

  it('refuses a retention under a day', async () => {
    await expect(purge(0)).rejects.toThrow(/at least one day/)
  })

  it('is not executable by the anonymous roles, only by the service role', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(pg.asRole(role, (tx) => tx`select * from purge_lead_personal_data()`)).rejects.toThrow(/permission denied/)
    }
    await expect(pg.asRole('service_role', (tx) => tx`select * from purge_lead_personal_data()`)).resolves.toHaveLength(1)
  })

  // Its SQL runs in tests/db/cron-jobs.test.ts, plain PostgreSQL too.
  it('is scheduled every night at 03:17 UTC', async () => {
    expect(await pg.sql`select schedule from cron.job where jobname = 'leads-retention'`).toEqual([{ schedule: '17 3 * * *' }])
  })
})
