-- The daily digest has its own function, `leads-digest`: the `leads-digest` job calls it at 07:00
-- UTC instead of `leads-redeliver?digest=1`, which no longer exists. Same Vault secrets as the
-- redelivery job (project_url, redeliver_secret). The job of the earlier migration is taken out
-- first, so there is one job by that name whatever pg_cron version keeps it. Without pg_cron and
-- pg_net (plain PostgreSQL) this schedules nothing and leads-health says so.
do $migration$
begin
  -- The test clusters bring pg_cron and a stand-in `net` schema (tests/support/pg-cluster.mjs).
  if not exists (select from pg_available_extensions where name = 'pg_cron')
    or (to_regnamespace('net') is null and not exists (select from pg_available_extensions where name = 'pg_net')) then
    raise warning 'pg_cron or pg_net not available: the leads digest is not scheduled (leads-health answers 503)';
    return;
  end if;

  create extension if not exists pg_cron;
  if to_regnamespace('net') is null then
    create extension pg_net;
  end if;

  perform cron.unschedule(jobid) from cron.job where jobname = 'leads-digest';
  perform cron.schedule(
    'leads-digest',
    '0 7 * * *',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/leads-digest',
        headers := jsonb_build_object(
          'content-type', 'application/json',
          'x-redeliver-secret', (select decrypted_secret from vault.decrypted_secrets where name = 'redeliver_secret')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 30000
      );
    $job$
  );
exception
  when feature_not_supported or object_not_in_prerequisite_state or undefined_object or undefined_function then
    raise warning 'leads digest not scheduled: %', sqlerrm;
end
$migration$;
