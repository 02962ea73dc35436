-- One way for the database to wake an edge function, used by every Cron job that calls one and by
-- the enterprise wake trigger: POST <project_url>/functions/v1/<name> with the x-redeliver-secret
-- header, both read from Vault (the secrets docs/leads-pipeline.md has the operator create).
-- A missing secret raises, so a Cron run fails visibly in cron.job_run_details instead of posting
-- to a null URL. (leads-redeliver's job predates this and keeps its own inline call.)
create function public.call_edge_function(function_name text, timeout_ms integer)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  secret text;
begin
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into secret from vault.decrypted_secrets where name = 'redeliver_secret';
  if project_url is null or secret is null then
    raise exception 'Vault has no project_url or redeliver_secret: % not called', function_name;
  end if;
  return net.http_post(
    url := project_url || '/functions/v1/' || function_name,
    headers := jsonb_build_object('content-type', 'application/json', 'x-redeliver-secret', secret),
    body := '{}'::jsonb,
    timeout_milliseconds := timeout_ms
  );
end
$$;

-- Schedules (or schedules again) the Cron job `job_name` calling `function_name`. Without pg_cron
-- and pg_net (plain PostgreSQL) it schedules nothing and warns; leads-health then reports the job
-- as not scheduled and answers 503.
create function public.schedule_edge_function(job_name text, schedule text, function_name text, timeout_ms integer)
returns void
language plpgsql
set search_path = ''
as $$
begin
  -- The test clusters bring pg_cron and a stand-in `net` schema (tests/support/pg-cluster.mjs).
  if not exists (select from pg_available_extensions where name = 'pg_cron')
    or (to_regnamespace('net') is null and not exists (select from pg_available_extensions where name = 'pg_net')) then
    raise warning 'pg_cron or pg_net not available: % is not scheduled (leads-health answers 503)', job_name;
    return;
  end if;

  create extension if not exists pg_cron;
  if to_regnamespace('net') is null then
    create extension pg_net;
  end if;

  -- Taken out first, so there is one job by that name whatever pg_cron version keeps it.
  perform cron.unschedule(jobid) from cron.job where jobname = job_name;
  perform cron.schedule(job_name, schedule, format('select public.call_edge_function(%L, %s)', function_name, timeout_ms));
exception
  when feature_not_supported or object_not_in_prerequisite_state or undefined_object or undefined_function then
    raise warning '% not scheduled: %', job_name, sqlerrm;
end
$$;

revoke execute on function public.call_edge_function(text, integer) from public, anon, authenticated;
revoke execute on function public.schedule_edge_function(text, text, text, integer) from public, anon, authenticated;
