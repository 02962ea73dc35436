// Every privilege the API roles (anon, authenticated, and PUBLIC, which both belong to) may hold once
// all migrations are applied, each with the reason it is harmless. tests/db/api-role-grants.test.ts
// fails on any other: a new table, view, sequence or function is closed to them unless it is added
// here with its reason. (issue 42 point 6)

const PUBLIC_SCHEMA =
  'PostgREST answers the anon key only in a schema the role may use; every object in public has its own grants, and the API roles hold none'
const PG_CRON =
  "pg_cron's own grant to PUBLIC; the API roles have no USAGE on schema cron, so they cannot reach it (and cron.job rows are filtered to the caller's own user)"
const STAND_IN =
  'a test stand-in of a Supabase extension (tests/support/pg-cluster.mjs); its schema gives the API roles no USAGE, and on Supabase the platform owns its grants'

export const API_ROLE_GRANTS: Readonly<Record<string, string>> = {
  'schema public USAGE to anon': PUBLIC_SCHEMA,
  'schema public USAGE to authenticated': PUBLIC_SCHEMA,
  'schema public USAGE to public': `PostgreSQL 15's own default for schema public. ${PUBLIC_SCHEMA}`,

  'function cron.job_cache_invalidate() EXECUTE to public': PG_CRON,
  'function cron.schedule(text, text) EXECUTE to public': PG_CRON,
  'function cron.schedule(text, text, text) EXECUTE to public': PG_CRON,
  'function cron.unschedule(bigint) EXECUTE to public': PG_CRON,
  'function cron.unschedule(name) EXECUTE to public': PG_CRON,
  'sequence cron.jobid_seq SELECT to public': PG_CRON,
  'sequence cron.runid_seq SELECT to public': PG_CRON,
  'table cron.job SELECT to public': PG_CRON,
  'table cron.job_run_details SELECT to public': PG_CRON,
  'table cron.job_run_details DELETE to public': PG_CRON,

  'function net.http_post(text, jsonb, jsonb, jsonb, integer) EXECUTE to public': STAND_IN,
  'function vault.create_secret(text, text, text, uuid) EXECUTE to public': STAND_IN,
  'function vault.read_secret(text, text) EXECUTE to public': STAND_IN,
}
