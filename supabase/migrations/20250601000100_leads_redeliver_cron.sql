-- Supabase Cron calls the leads-redeliver function every minute. Needs pg_cron and pg_net (on in
-- every Supabase project) and two Vault secrets, created once per project:
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<same value as the REDELIVER_SECRET function secret>', 'redeliver_secret');
-- Where the extensions are missing (plain PostgreSQL) this schedules nothing and leads-health says so.
do $migration$
begin
  -- The test clusters bring pg_cron and a stand-in `net` schema (tests/support/pg-cluster.mjs).
  if not exists (select from pg_available_extensions where name = 'pg_cron')
    or (to_regnamespace('net') is null and not exists (select from pg_available_extensions where name = 'pg_net')) then
    raise warning 'pg_cron or pg_net not available: leads-redeliver is not scheduled (leads-health answers 503)';
    return;
  end if;

  create extension if not exists pg_cron;
  if to_regnamespace('net') is null then
    create extension pg_net;
  end if;

  perform cron.schedule(
    'leads-redeliver',
    '* * * * *',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/leads-redeliver',
        headers := jsonb_build_object(
          'content-type', 'application/json',
          'x-redeliver-secret', (select decrypted_secret from vault.decrypted_secrets where name = 'redeliver_secret')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 55000
      );
    $job$
  );
exception
  -- e.g. pg_cron installed but not in shared_preload_libraries: leave scheduling to the dashboard.
  when feature_not_supported or object_not_in_prerequisite_state or undefined_object or undefined_function then
    raise warning 'leads-redeliver not scheduled: %', sqlerrm;
end
$migration$;
