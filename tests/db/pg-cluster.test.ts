import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'

// The harness must give the access rules Supabase has, or the row level security tests prove nothing.
describe('throwaway PostgreSQL cluster', () => {
  let pg: PgCluster
  beforeAll(async () => {
    pg = await startPgCluster({ migrate: false })
  }, 60_000)
  afterAll(() => pg?.stop())

  it('runs PostgreSQL 15 or later on loopback', async () => {
    const [row] = await pg.sql<{ version: number }[]>`select current_setting('server_version_num')::int as version`
    expect(row?.version).toBeGreaterThanOrEqual(150000)
    expect(pg.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/)
  })

  it("has Supabase's API roles, with only service_role bypassing row level security", async () => {
    const roles = await pg.sql<{ rolname: string; rolbypassrls: boolean }[]>`
      select rolname, rolbypassrls from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by rolname`
    expect(roles.map((r) => [r.rolname, r.rolbypassrls])).toEqual([
      ['anon', false],
      ['authenticated', false],
      ['service_role', true],
    ])
  })

  it('grants anon everything on a new public table by default, as Supabase does', async () => {
    await pg.sql`create table harness_probe (id int)`
    await pg.asRole('anon', (tx) => tx`insert into harness_probe values (1)`)
    const rows = await pg.asRole('anon', (tx) => tx`select id from harness_probe`)
    expect(rows).toEqual([{ id: 1 }])
    await pg.sql`drop table harness_probe`
  })

  it('runs a role transaction as that role', async () => {
    const [row] = await pg.asRole('authenticated', (tx) => tx`select current_user as role`)
    expect(row?.role).toBe('authenticated')
  })
})
