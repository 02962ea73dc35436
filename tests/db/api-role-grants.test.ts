import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { API_ROLE_GRANTS } from '../support/api-role-grants'

// Issue 42 point 6: every privilege `anon` and `authenticated` hold (directly or through PUBLIC),
// read from the catalog after `supabase db push` (the deploy's own path) applied every migration.
// Default-deny: a grant that is not on the allow-list (tests/support/api-role-grants.ts) fails.
const root = new URL('../../', import.meta.url).pathname
const cli = join(root, 'node_modules', '.bin', 'supabase')
const run = promisify(execFile)
const home = mkdtempSync(join(tmpdir(), 'supabase-home-'))
const offline = {
  ...process.env,
  HOME: home,
  HTTP_PROXY: 'http://127.0.0.1:9',
  HTTPS_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '',
  DO_NOT_TRACK: '1',
}

let pg: PgCluster

beforeAll(async () => {
  pg = await startPgCluster({ migrate: false })
  await run(cli, ['db', 'push', '--db-url', `${pg.url}?sslmode=disable`, '--yes'], { cwd: root, env: offline, timeout: 120_000 })
}, 180_000)

afterAll(async () => {
  await pg?.stop()
  rmSync(home, { recursive: true, force: true })
})

/** One line per privilege: `<kind> <schema>.<name> <privilege> to <role>`, PUBLIC counting for both API roles. */
async function apiRoleGrants(): Promise<string[]> {
  const rows = await pg.sql<{ grant: string }[]>`
    with api(oid, name) as (
      select oid, rolname from pg_roles where rolname in ('anon', 'authenticated')
      union all select 0, 'public'
    ),
    schemas as (
      select oid, nspname from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%'
    ),
    relations as (
      select (case c.relkind when 'r' then 'table' when 'p' then 'table' when 'v' then 'view' when 'm' then 'view'
                when 'S' then 'sequence' when 'f' then 'table' else c.relkind::text end) as kind,
             s.nspname || '.' || c.relname as name, a.privilege_type as privilege, a.grantee
      from pg_class c join schemas s on s.oid = c.relnamespace
      cross join lateral aclexplode(coalesce(c.relacl, acldefault((case when c.relkind = 'S' then 's' else 'r' end)::"char", c.relowner))) a
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    ),
    columns as (
      select 'column' as kind, s.nspname || '.' || c.relname || '.' || at.attname as name, a.privilege_type as privilege, a.grantee
      from pg_attribute at join pg_class c on c.oid = at.attrelid join schemas s on s.oid = c.relnamespace
      cross join lateral aclexplode(at.attacl) a
      where at.attacl is not null and not at.attisdropped
    ),
    routines as (
      select 'function' as kind, s.nspname || '.' || p.proname || '(' || oidvectortypes(p.proargtypes) || ')' as name, a.privilege_type as privilege, a.grantee
      from pg_proc p join schemas s on s.oid = p.pronamespace
      cross join lateral aclexplode(coalesce(p.proacl, acldefault('f'::"char", p.proowner))) a
    ),
    namespaces as (
      select 'schema' as kind, s.nspname as name, a.privilege_type as privilege, a.grantee
      from pg_namespace n join schemas s on s.oid = n.oid
      cross join lateral aclexplode(coalesce(n.nspacl, acldefault('n'::"char", n.nspowner))) a
    ),
    defaults as (
      select 'default' as kind,
             coalesce(s.nspname, '*') || ' ' || (case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions'
               when 'T' then 'types' when 'n' then 'schemas' end) || ' by ' || pg_get_userbyid(d.defaclrole) as name,
             a.privilege_type as privilege, a.grantee
      from pg_default_acl d left join pg_namespace s on s.oid = d.defaclnamespace
      cross join lateral aclexplode(d.defaclacl) a
    )
    select distinct g.kind || ' ' || g.name || ' ' || g.privilege || ' to ' || api.name as grant
    from (select * from relations union all select * from columns union all select * from routines
          union all select * from namespaces union all select * from defaults) g
    join api on api.oid = g.grantee
    order by 1`
  return rows.map((row) => row.grant)
}

describe('grants to the API roles (after supabase db push)', () => {
  it('are each on the allow-list, with its reason', async () => {
    const grants = await apiRoleGrants()
    expect(grants.length).toBeGreaterThan(0)
    expect(grants.filter((grant) => !(grant in API_ROLE_GRANTS))).toEqual([])
    for (const reason of Object.values(API_ROLE_GRANTS)) expect(reason.length).toBeGreaterThan(20)
  })

  it.each(['anon', 'authenticated'] as const)('%s can neither draw nor move the Stripe events sequence', async (role) => {
    for (const statement of [
      "select nextval('public.stripe_webhook_events_id_seq')",
      "select setval('public.stripe_webhook_events_id_seq', 1)",
    ]) {
      const refused = await pg
        .asRole(role, (tx) => tx.unsafe(statement))
        .then(
          () => undefined,
          (error: { code?: string }) => error,
        )
      expect(refused?.code).toBe('42501')
    }
  })

  it('leaves a table, sequence and function made by a later migration closed to the API roles', async () => {
    await pg.sql.unsafe(`
      create table public.grants_probe (id bigint generated always as identity primary key, note text);
      create function public.grants_probe_count() returns bigint language sql as 'select count(*) from public.grants_probe';`)
    try {
      const grants = await apiRoleGrants()
      expect(grants.filter((grant) => grant.includes('grants_probe'))).toEqual([])
      for (const role of ['anon', 'authenticated'] as const)
        for (const statement of [
          'select * from public.grants_probe',
          "insert into public.grants_probe (note) values ('x')",
          'select public.grants_probe_count()',
        ]) {
          const refused = await pg
            .asRole(role, (tx) => tx.unsafe(statement))
            .then(
              () => undefined,
              (error: { code?: string }) => error,
            )
          expect(refused?.code).toBe('42501')
        }
    } finally {
      await pg.sql.unsafe('drop function public.grants_probe_count(); drop table public.grants_probe;')
    }
  })
})
