-- The daily digest has its own function, `leads-digest`: the `leads-digest` job calls it at 07:00
-- UTC instead of `leads-redeliver?digest=1`, which no longer exists. Same Vault secrets as the
-- redelivery job (project_url, redeliver_secret). The job of the earlier migration is taken out
-- first, so there is one job by that name whatever pg_cron version keeps it. Without pg_cron and
-- pg_net (plain PostgreSQL, the test clusters) this does nothing.
do $migration$
begin
  if (select count(*) from pg_available_extensions where name in ('pg_cron', 'pg_net')) < 2 then
    raise notice 'pg_cron or pg_net not available: the leads digest is not scheduled';
    return;
  end if;

  create extension if not exists pg_cron;
  create extension if not exists pg_net;

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
