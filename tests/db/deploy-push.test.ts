import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationFiles, startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'

// `npm run deploy` runs `supabase db push`, which records each file's version (its numeric prefix)
// in supabase_migrations.schema_migrations. The cluster's own loader applies files by name and keeps
// no ledger, so only the pinned CLI itself shows what a deploy to a fresh project does.
const root = new URL('../../', import.meta.url).pathname
const cli = join(root, 'node_modules', '.bin', 'supabase')
const run = promisify(execFile)
const versionOf = (file: string) => file.slice(0, file.indexOf('_'))

// The CLI must need nothing from the network: every HTTP request goes to a closed port.
const home = mkdtempSync(join(tmpdir(), 'supabase-home-'))
const offline = {
  ...process.env,
  HOME: home,
  HTTP_PROXY: 'http://127.0.0.1:9',
  HTTPS_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '',
  DO_NOT_TRACK: '1',
}

async function supabase(...args: string[]) {
  try {
    const { stdout, stderr } = await run(cli, args, { cwd: root, env: offline, timeout: 120_000 })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

describe('migration versions', () => {
  it('gives every migration file its own version', () => {
    const versions = migrationFiles().map(versionOf)
    expect(versions.length).toBeGreaterThan(0)
    versions.forEach((version) => expect(version).toMatch(/^\d{14}$/))
    const shared = versions.filter((version, index) => versions.indexOf(version) !== index)
    expect(shared).toEqual([])
  })
})

describe('supabase db push (the pinned CLI) on a fresh database', () => {
  let pg: PgCluster
  let dbUrl: string
  const ledger = () =>
    pg.sql<{ version: string; name: string }[]>`
      select version, name from supabase_migrations.schema_migrations order by version`

  beforeAll(async () => {
    pg = await startPgCluster({ migrate: false })
    dbUrl = `${pg.url}?sslmode=disable`
  }, 60_000)
  afterAll(async () => {
    await pg?.stop()
    rmSync(home, { recursive: true, force: true })
  })

  it('applies every migration and records each one', async () => {
    const push = await supabase('db', 'push', '--db-url', dbUrl, '--yes')
    expect(push.output).not.toMatch(/ERROR/)
    expect(push.code).toBe(0)
    const expected = migrationFiles().map((file) => ({ version: versionOf(file), name: file.slice(15, -'.sql'.length) }))
    expect(await ledger()).toEqual(expected)
    const [last] = await pg.sql<{ relation: string | null }[]>`
      select to_regclass('public.stripe_webhook_events')::text as relation`
    expect(last?.relation).toBe('stripe_webhook_events')
  }, 120_000)

  it('applies nothing on a second push', async () => {
    const before = await ledger()
    const push = await supabase('db', 'push', '--db-url', dbUrl, '--yes')
    expect(push.code).toBe(0)
    expect(push.output).toMatch(/Remote database is up to date/)
    expect(push.output).not.toMatch(/Applying migration/)
    expect(await ledger()).toEqual(before)
  }, 120_000)

  // An existing project ran leads_failure_reason under the version it shared with lead_bookings
  // (20261126000000), so its ledger lacks the new 20261126000001: the steps in docs/deploy.md.
  it('accepts the renamed migration on an existing project after `migration repair --status applied`', async () => {
    await pg.sql`delete from supabase_migrations.schema_migrations where version = '20261126000001'`
    const refused = await supabase('db', 'push', '--db-url', dbUrl, '--yes')
    expect(refused.code).not.toBe(0)
    expect(refused.output).toMatch(/20261126000001_leads_failure_reason\.sql/)

    const repair = await supabase('migration', 'repair', '--status', 'applied', '20261126000001', '--db-url', dbUrl)
    expect(repair.code).toBe(0)
    const push = await supabase('db', 'push', '--db-url', dbUrl, '--yes')
    expect(push.code).toBe(0)
    expect(push.output).not.toMatch(/Applying migration/)
    expect((await ledger()).map((row) => row.version)).toEqual(migrationFiles().map(versionOf))
  }, 120_000)
})
