-- One scheduled-call secret for every Cron-called function: the Vault secret `cron_secret`, sent as
-- the `x-cron-secret` header, which the functions check against their CRON_SECRET. It replaces
-- `redeliver_secret` / `x-redeliver-secret` (docs/leads-pipeline.md, 'Moving to CRON_SECRET').
-- For one release:
-- - a project whose Vault has only `redeliver_secret` keeps working (a warning names the move);
-- - the call also carries the old header, because `npm run deploy` pushes this migration before it
--   deploys the functions, and the functions still running until then check only the old header.
create or replace function public.call_edge_function(function_name text, timeout_ms integer)
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
  select decrypted_secret into secret from vault.decrypted_secrets where name = 'cron_secret';
  if secret is null then
    select decrypted_secret into secret from vault.decrypted_secrets where name = 'redeliver_secret';
    if secret is not null then
      raise warning 'Vault secret redeliver_secret is deprecated: create cron_secret with the same value, then delete it';
    end if;
  end if;
  if project_url is null or secret is null then
    raise exception 'Vault has no project_url or cron_secret: % not called', function_name;
  end if;
  return net.http_post(
    url := project_url || '/functions/v1/' || function_name,
    headers := jsonb_build_object('content-type', 'application/json', 'x-cron-secret', secret, 'x-redeliver-secret', secret),
    body := '{}'::jsonb,
    timeout_milliseconds := timeout_ms
  );
end
$$;

revoke execute on function public.call_edge_function(text, integer) from public, anon, authenticated;

-- Every job that wakes a function is scheduled again through call_edge_function, leads-redeliver's
-- included (its job of 20250601000100 carried its own inline call with the old secret and header).
-- Without pg_cron and pg_net (plain PostgreSQL) this schedules nothing and leads-health says so.
select public.schedule_edge_function('leads-redeliver', '* * * * *', 'leads-redeliver', 55000);
select public.schedule_edge_function('leads-digest', '0 7 * * *', 'leads-digest', 30000);
select public.schedule_edge_function('enterprise-followup', '* * * * *', 'enterprise-followup', 55000);
