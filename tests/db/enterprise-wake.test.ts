import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { refuseWithoutSecret, SECRET_HEADER } from '../../supabase/functions/_shared/http/secret.ts'
import { recordingLogger } from '../functions/support'
import { registrationInsert } from '../support/enterprise-row'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { clearNetCalls, createVaultSecrets, netCalls, PROJECT_URL, CRON_SECRET } from '../support/pg-net'

// 20261128000200_enterprise_wake.sql: a registration wakes enterprise-followup at once, with the
// Cron job's call (pg_net and Vault stand-ins record it), and never costs the registration.

/** enterprise-register's insert (decision 021): its connection, the trusted header, one row. */
const register = (pg: PgCluster, submissionId?: string) =>
  pg.sql.begin(async (tx) => {
    await tx`select set_config('request.headers', ${JSON.stringify({ 'cf-connecting-ip': '203.0.113.9' })}, true)`
    await tx`insert into public.enterprise_registrations ${tx(registrationInsert(submissionId) as never)}`
  })
const count = async (pg: PgCluster) => (await pg.sql<{ n: number }[]>`select count(*)::int as n from enterprise_registrations`)[0]!.n

describe('an enterprise registration wakes enterprise-followup (stand-ins for pg_net and Vault)', () => {
  let pg: PgCluster
  beforeAll(async () => {
    pg = await startPgCluster()
    await createVaultSecrets(pg.sql)
  }, 60_000)
  afterAll(() => pg?.stop())
  beforeEach(async () => {
    await pg.sql`truncate enterprise_registrations, enterprise_registration_days`
    await clearNetCalls(pg.sql)
  })

  it('a registration makes one call to /functions/v1/enterprise-followup with the Cron secret', async () => {
    await register(pg)
    const [call, ...more] = await netCalls(pg.sql)
    expect(more).toEqual([])
    expect(call?.url).toBe(`${PROJECT_URL}/functions/v1/enterprise-followup`)
    expect(call?.headers[SECRET_HEADER]).toBe(CRON_SECRET)
    const request = new Request(call!.url, { method: 'POST', headers: call!.headers })
    expect(refuseWithoutSecret(request, { secret: CRON_SECRET, logger: recordingLogger() }, 'enterprise-followup', '')).toBeUndefined()
    expect(call?.timeout_milliseconds).toBeGreaterThanOrEqual(5_000)
  })

  it('one statement of several rows wakes it once; a refused insert (a retried submission id) wakes nothing', async () => {
    await pg.sql`insert into enterprise_registrations ${pg.sql([registrationInsert(), registrationInsert()] as never)}`
    expect(await netCalls(pg.sql)).toHaveLength(1)

    const submissionId = crypto.randomUUID()
    await register(pg, submissionId)
    await clearNetCalls(pg.sql)
    await expect(register(pg, submissionId)).rejects.toMatchObject({ code: '23505' })
    expect(await netCalls(pg.sql)).toEqual([])
  })

  it('without the Vault secrets the registration is still recorded, and nothing is called', async () => {
    await pg.sql`delete from vault.secrets`
    try {
      await register(pg)
      expect(await count(pg)).toBe(1)
      expect(await netCalls(pg.sql)).toEqual([])
    } finally {
      await createVaultSecrets(pg.sql)
    }
  })

  it('a pg_net that fails does not refuse the registration', async () => {
    await pg.sql`alter function net.http_post(text, jsonb, jsonb, jsonb, integer) rename to http_post_away`
    try {
      await register(pg)
      expect(await count(pg)).toBe(1)
    } finally {
      await pg.sql`alter function net.http_post_away(text, jsonb, jsonb, jsonb, integer) rename to http_post`
    }
  })
})

describe('on plain PostgreSQL (no pg_net, no Vault)', () => {
  it('a registration is recorded', async () => {
    const plain = await startPgCluster({ supabaseExtensions: false })
    try {
      expect(await plain.sql`select nspname from pg_namespace where nspname in ('net', 'vault')`).toEqual([])
      await register(plain)
      expect(await count(plain)).toBe(1)
    } finally {
      await plain.stop()
    }
  }, 60_000)
})
