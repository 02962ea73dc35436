// A throwaway PostgreSQL cluster for integration tests and load runs: initdb in a temp dir, run as
// a non-root OS user on a free loopback port, with the roles and default privileges Supabase has,
// then every migration in supabase/migrations applied in name order. pg_cron is preloaded and
// `net.http_post` and `vault.decrypted_secrets` have stand-ins that record their calls, so the Cron
// migrations schedule their jobs as they do on Supabase (the jobs never fire here: a test runs their
// command). Plain .mjs so Node scripts (npm run bench:leads) can use it as well as Vitest.
import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { basename, dirname, join } from 'node:path'
import postgres from 'postgres'

const migrationsDir = new URL('../../supabase/migrations/', import.meta.url)

// What Supabase creates before any migration of a project runs: the API roles and default
// privileges that grant them everything on new tables in public (row level security protects).
const SUPABASE_BOOTSTRAP = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  create role service_role nologin noinherit bypassrls;
  create role authenticator login noinherit;
  grant anon, authenticated, service_role to authenticator;
  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
`

// pg_net and Supabase Vault are not packaged for Debian: stand-ins with their signatures and columns.
// net.http_post records each request instead of sending it; vault.decrypted_secrets records each
// secret it reads (filtered by name), so a test sees which secrets a job asked for.
const SUPABASE_STAND_INS = `
  create schema net;
  create table net.http_post_calls (
    id bigserial primary key, url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds int
  );
  create function net.http_post(
    url text,
    body jsonb default '{}'::jsonb,
    params jsonb default '{}'::jsonb,
    headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
    timeout_milliseconds int default 5000
  ) returns bigint language sql as $$
    insert into net.http_post_calls (url, body, params, headers, timeout_milliseconds)
    values (url, body, params, headers, timeout_milliseconds) returning id
  $$;

  create schema vault;
  create table vault.secrets (
    id uuid primary key default gen_random_uuid(), name text unique, description text not null default '',
    secret text not null, created_at timestamptz not null default now(), updated_at timestamptz not null default now()
  );
  create table vault.secret_reads (id bigserial primary key, name text);
  create function vault.create_secret(new_secret text, new_name text default null, new_description text default '', new_key_id uuid default null)
    returns uuid language sql as $$
    insert into vault.secrets (name, description, secret) values (new_name, new_description, new_secret) returning id
  $$;
  create function vault.read_secret(secret_name text, secret text) returns text language plpgsql volatile as $$
  begin
    insert into vault.secret_reads (name) values (secret_name);
    return secret;
  end
  $$;
  create view vault.decrypted_secrets as
    select id, name, description, secret, vault.read_secret(name, secret) as decrypted_secret, created_at, updated_at
    from vault.secrets;
`

function pgBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : []
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0]
  if (!newest) throw new Error('PostgreSQL server binaries not found: apt-get install -y postgresql (or set PG_BIN)')
  return join(root, newest, 'bin')
}

// Debian packages pg_cron per server version (postgresql-15-cron); the Cron migrations need it loaded.
function assertPgCron(bin) {
  if (existsSync(join(bin, '..', 'lib', 'pg_cron.so'))) return
  throw new Error(`pg_cron not found beside ${bin}: apt-get install -y postgresql-${basename(dirname(bin))}-cron`)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

// initdb and postgres refuse to run as root: as root, run them as the `postgres` OS user.
function spawnPg(bin, [tool, ...args]) {
  const asRoot = userInfo().uid === 0
  const [cmd, cmdArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]
  return spawnSync(cmd, cmdArgs, { encoding: 'utf8', timeout: 60_000 })
}

function runPg(bin, args) {
  const result = spawnPg(bin, args)
  if (result.status !== 0) {
    throw new Error(`${args[0]} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout || result.error}`)
  }
}

function makeDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'))
  if (userInfo().uid === 0) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    if (owner.status !== 0) throw new Error('the OS user `postgres` is missing: apt-get install -y postgresql')
    const uid = Number(owner.stdout.trim())
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim())
    chownSync(dir, uid, gid)
  }
  chmodSync(dir, 0o700)
  return dir
}

// The scheduler runs in the cluster's database, but launches nothing (no job may fire mid-test).
const PG_CRON = '-c shared_preload_libraries=pg_cron -c cron.database_name=postgres -c cron.max_running_jobs=0'

export function migrationFiles() {
  if (!existsSync(migrationsDir)) return []
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
}

export async function startPgCluster({ migrate = true, supabaseExtensions = true } = {}) {
  const bin = pgBinDir()
  if (supabaseExtensions) assertPgCron(bin)
  const dir = makeDataDir()
  const data = join(dir, 'data')
  const port = await freePort()
  let running = false
  const stopSync = () => {
    if (running) spawnPg(bin, ['pg_ctl', '-D', data, '-m', 'immediate', '-w', 'stop'])
    running = false
    rmSync(dir, { recursive: true, force: true })
  }
  // A test process that dies still takes its cluster down.
  process.once('exit', stopSync)

  try {
    runPg(bin, ['initdb', '-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'])
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200 ${supabaseExtensions ? PG_CRON : ''}`
    runPg(bin, ['pg_ctl', '-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start'])
    running = true
  } catch (error) {
    stopSync()
    throw error
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const sql = postgres(url, { max: 4, onnotice: () => {} })

  const applyMigrations = async () => {
    for (const name of migrationFiles()) {
      await sql.unsafe(readFileSync(new URL(name, migrationsDir), 'utf8')).catch((error) => {
        throw new Error(`migration ${name} failed: ${error.message}`)
      })
    }
  }

  try {
    await sql.unsafe(SUPABASE_BOOTSTRAP)
    if (supabaseExtensions) await sql.unsafe(SUPABASE_STAND_INS)
    if (migrate) await applyMigrations()
  } catch (error) {
    await sql.end({ timeout: 1 })
    stopSync()
    throw error
  }

  return {
    url,
    port,
    sql,
    applyMigrations,
    asRole: (role, fn) =>
      sql.begin(async (tx) => {
        await tx.unsafe(`set local role ${role === 'anon' || role === 'authenticated' || role === 'service_role' ? role : 'none'}`)
        return fn(tx)
      }),
    async stop() {
      await sql.end({ timeout: 1 })
      stopSync()
      process.removeListener('exit', stopSync)
    },
  }
}
