-- Grant hygiene (issue 42 point 6): the API roles hold nothing they do not need.
--
-- stripe_webhook_events (20261128000100) revoked its table from anon and authenticated but not its
-- sequence, which Supabase's default privileges had granted them: USAGE let them draw ids and
-- UPDATE (setval) could move the sequence under the service role's inserts.
revoke all on sequence public.stripe_webhook_events_id_seq from anon, authenticated;
grant usage, select on sequence public.stripe_webhook_events_id_seq to service_role;

-- Default-deny for what comes next: Supabase's default privileges grant anon and authenticated
-- everything on every new table, sequence and function in public, and PostgreSQL grants PUBLIC
-- EXECUTE on every new function. Every migration so far revoked them one object at a time; from here
-- a new object created by the migrating role (postgres) starts with no grant to the API roles, and a
-- grant they need is written out (and put on the allow-list of tests/db/api-role-grants.test.ts).
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
-- PUBLIC's EXECUTE on functions is a global default, which a per-schema one cannot take away.
alter default privileges revoke execute on functions from public;
