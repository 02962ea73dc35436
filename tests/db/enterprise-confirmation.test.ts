import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { register } from '../support/enterprise-followup'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { clearNetCalls, createVaultSecrets, netCalls, PROJECT_URL } from '../support/pg-net'

// 20261130010000_enterprise_email_confirmation.sql: one request to confirm a day per address, and
// confirming puts a waiting registration back in the queue and wakes enterprise-followup.
describe('enterprise address confirmation in the database', () => {
  let pg: PgCluster
  beforeAll(async () => {
    pg = await startPgCluster()
    await createVaultSecrets(pg.sql)
  }, 60_000)
  afterAll(() => pg?.stop())
  beforeEach(async () => {
    await pg.sql`truncate enterprise_registrations, enterprise_registration_days, enterprise_confirm_requests`
    await clearNetCalls(pg.sql)
  })

  const claim = async (address: string) =>
    (await pg.sql<{ ok: boolean }[]>`select public.claim_enterprise_confirm_request(${address}) as ok`)[0]!.ok

  it('counts one request a day per address, however the address is written, keeping no address and no old day', async () => {
    expect(await claim('Jane@Example.com')).toBe(true)
    expect(await claim(' jane@example.COM ')).toBe(false)
    expect(await claim('other@example.com')).toBe(true)
    await pg.sql`update enterprise_confirm_requests set day = day - 1`
    expect(await claim('jane@example.com')).toBe(true)
    const rows = await pg.sql<{ address_hash: string }[]>`select address_hash from enterprise_confirm_requests`
    expect(rows.map((row) => row.address_hash).join()).not.toMatch(/@|jane/i)
    await pg.sql`update enterprise_confirm_requests set day = day - 5`
    await claim('third@example.com')
    expect((await pg.sql`select 1 from enterprise_confirm_requests`).length).toBe(1)
  })

  it('confirming a waiting registration puts it back in the queue with fresh attempts and wakes the follow-through; a second time says already confirmed', async () => {
    const id = await register(pg.sql)
    await pg.sql`update enterprise_registrations set status = 'awaiting-confirmation', attempts = 3 where id = ${id}`
    await clearNetCalls(pg.sql)
    const confirm = async () =>
      (await pg.sql<{ result: string }[]>`select public.confirm_enterprise_registration(${id}) as result`)[0]!.result
    expect(await confirm()).toBe('confirmed')
    const [row] = await pg.sql<{ status: string; attempts: number; email_confirmed_at: Date | null }[]>`
      select status, attempts, email_confirmed_at from enterprise_registrations where id = ${id}`
    expect(row).toMatchObject({ status: 'pending', attempts: 0, email_confirmed_at: expect.any(Date) })
    expect((await netCalls(pg.sql)).map((call) => call.url)).toEqual([`${PROJECT_URL}/functions/v1/enterprise-followup`])
    expect(await confirm()).toBe('already-confirmed')
    expect(
      (await pg.sql<{ result: string }[]>`select public.confirm_enterprise_registration(${crypto.randomUUID()}) as result`)[0]!.result,
    ).toBe('unknown')
  })

  it('anon and authenticated can neither call the functions nor read the request counts', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      for (const call of [
        `select public.claim_enterprise_confirm_request('a@b.example')`,
        `select public.confirm_enterprise_registration('${crypto.randomUUID()}')`,
        `select public.request_new_enterprise_confirm_link('${crypto.randomUUID()}')`,
        'select * from public.enterprise_confirm_requests',
      ])
        expect(await pg.asRole(role, (tx) => tx.unsafe(call)).catch((error: { code?: string }) => error.code)).toBe('42501')
    }
  })
})
