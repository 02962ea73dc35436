import { existsSync } from 'node:fs'
import postgres from 'postgres'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEPRECATED_SECRET_HEADER, refuseWithoutSecret, SECRET_HEADER } from '../../supabase/functions/_shared/http/secret.ts'
import { activeJobs, SCHEDULED_JOBS, type ScheduledJob } from '../../supabase/functions/leads-health/scheduled-jobs.ts'
import { recordingLogger } from '../functions/support'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { clearNetCalls, createVaultSecrets, CRON_SECRET, netCalls, PROJECT_URL } from '../support/pg-net'

// What each Cron job's command must do when it runs: wake a function (its path under
// /functions/v1/, whose folder is under supabase/functions) with the Cron secret, or call SQL.
// A new job is one row here and one name in SCHEDULED_JOBS.
type Expected = { wakes: string } | { runs: string }
const EXPECTED_JOBS: Record<ScheduledJob, Expected> = {
  'leads-redeliver': { wakes: 'leads-redeliver' },
  'leads-digest': { wakes: 'leads-digest' },
  'leads-retention': { runs: 'purge_lead_personal_data' },
  'enterprise-followup': { wakes: 'enterprise-followup' },
  'webhook-events': { wakes: 'webhook-events' },
}

let pg: PgCluster

beforeAll(async () => {
  pg = await startPgCluster()
  await createVaultSecrets(pg.sql)
}, 60_000)
afterAll(() => pg?.stop())
beforeEach(() => clearNetCalls(pg.sql))

const commandOf = async (job: string) => {
  const [row] = await pg.sql<{ command: string }[]>`select command from cron.job where jobname = ${job}`
  if (!row) throw new Error(`${job} is not in cron.job`)
  return row.command
}
const calls = () => netCalls(pg.sql)

describe('Supabase Cron jobs (pg_cron, stand-ins for pg_net and Vault)', () => {
  it('the migrations schedule every expected job, active, and no other', async () => {
    expect((await activeJobs(pg.sql)).sort()).toEqual([...SCHEDULED_JOBS].sort())
    expect(Object.keys(EXPECTED_JOBS).sort()).toEqual([...SCHEDULED_JOBS].sort())
  })

  const wakers = Object.entries(EXPECTED_JOBS).flatMap(([job, expected]) => ('wakes' in expected ? [{ job, ...expected }] : []))
  it.each(wakers)('$job calls /functions/v1/$wakes with the Cron secret', async ({ job, wakes }) => {
    const folder = wakes.split('?')[0]
    expect(existsSync(new URL(`../../supabase/functions/${folder}/index.ts`, import.meta.url))).toBe(true)
    await pg.sql.unsafe(await commandOf(job))

    const [call, ...more] = await calls()
    expect(more).toEqual([])
    expect(call?.url).toBe(`${PROJECT_URL}/functions/v1/${wakes}`)
    expect(call?.headers[SECRET_HEADER]).toBe(CRON_SECRET)
    // For one release the old header too, for the functions deployed before the migration.
    expect(call?.headers[DEPRECATED_SECRET_HEADER]).toBe(CRON_SECRET)
    // The functions' own gate lets the call through (a function with CRON_SECRET set to the Vault value).
    const request = new Request(call!.url, { method: 'POST', headers: call!.headers })
    expect(refuseWithoutSecret(request, { secret: CRON_SECRET, logger: recordingLogger() }, folder!, '')).toBeUndefined()
    // pg_net gives up after the timeout: the function must have its time (Supabase allows 150 s).
    expect(call?.timeout_milliseconds).toBeGreaterThanOrEqual(5_000)
    const read = await pg.sql<{ name: string }[]>`select name from vault.secret_reads order by id`
    expect(read.map((row) => row.name)).toEqual(['project_url', 'cron_secret'])
  })

  const sqlJobs = Object.entries(EXPECTED_JOBS).flatMap(([job, expected]) => ('runs' in expected ? [{ job, ...expected }] : []))
  it.each(sqlJobs)('$job runs $runs() without error and calls no function', async ({ job, runs }) => {
    const command = await commandOf(job)
    expect(command).toContain(runs)
    await pg.sql.unsafe(command)
    expect(await calls()).toEqual([])
  })

  it('a Vault with neither cron_secret nor the old redeliver_secret fails the job visibly and calls nothing', async () => {
    await pg.sql`update vault.secrets set name = 'cron_secret_typo' where name = 'cron_secret'`
    try {
      await expect(pg.sql.unsafe(await commandOf('leads-redeliver'))).rejects.toThrow(/Vault has no project_url or cron_secret/)
      expect(await calls()).toEqual([])
    } finally {
      await pg.sql`update vault.secrets set name = 'cron_secret' where name = 'cron_secret_typo'`
    }
  })

  it('a Vault not yet moved (only redeliver_secret) still sends the secret, with a warning naming the move', async () => {
    await pg.sql`update vault.secrets set name = 'redeliver_secret' where name = 'cron_secret'`
    const warnings: string[] = []
    const listening = postgres(pg.url, { max: 1, onnotice: (notice) => void warnings.push(String(notice.message)) })
    try {
      await listening.unsafe(await commandOf('enterprise-followup'))
    } finally {
      await listening.end()
      await pg.sql`update vault.secrets set name = 'cron_secret' where name = 'redeliver_secret'`
    }
    const [call] = await calls()
    expect(call?.headers[SECRET_HEADER]).toBe(CRON_SECRET)
    expect(warnings.join('\n')).toContain('redeliver_secret is deprecated')
  })

  it('an inactive job is not reported as scheduled', async () => {
    await pg.sql`update cron.job set active = false where jobname = 'leads-digest'`
    try {
      expect(await activeJobs(pg.sql)).not.toContain('leads-digest')
    } finally {
      await pg.sql`update cron.job set active = true where jobname = 'leads-digest'`
    }
  })
})

describe('on plain PostgreSQL (pg_cron not preloaded, no pg_net)', () => {
  it('every migration applies, schedules nothing, and leads-health sees no job', async () => {
    const plain = await startPgCluster({ supabaseExtensions: false })
    try {
      expect(await plain.sql`select extname from pg_extension where extname in ('pg_cron', 'pg_net')`).toEqual([])
      expect(await activeJobs(plain.sql)).toEqual([])
    } finally {
      await plain.stop()
    }
  }, 60_000)
})
