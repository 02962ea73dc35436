-- Lead data is kept no longer than needed (decision 014). Once a lead has reached the board, the board
-- is where the agency works with it; the outbox row keeps only what proves the lead existed and
-- where it went: submission id, status, board item id, attempts and dates, and the page it came
-- from (path and label, no personal data). Spam is deleted outright after 30 days. Pending and
-- failed leads are never touched: they have not reached anyone yet.
--
-- The retention in days comes from the argument, else the database setting
-- `app.lead_retention_days` (`alter database postgres set app.lead_retention_days = '60'`), else 90.

alter table public.leads add column if not exists anonymised_at timestamptz;

create or replace function public.purge_lead_personal_data(retention_days integer default null, spam_days integer default 30)
returns table (anonymised integer, spam_deleted integer)
language plpgsql
security invoker
set search_path = public, pg_temp
as $function$
declare
  keep_days integer := coalesce(retention_days, nullif(current_setting('app.lead_retention_days', true), '')::integer, 90);
begin
  if keep_days < 1 or spam_days < 1 then
    raise exception 'retention must be at least one day (got % and %)', keep_days, spam_days;
  end if;

  update public.leads
     set lead = '{}'::jsonb,
         tracking = '{}'::jsonb,
         source = jsonb_strip_nulls(jsonb_build_object('path', source -> 'path', 'label', source -> 'label')),
         review_check = null,
         last_error = null,
         anonymised_at = now(),
         updated_at = now()
   where status = 'delivered'
     and anonymised_at is null
     and coalesce(delivered_at, created_at) < now() - make_interval(days => keep_days);
  get diagnostics anonymised = row_count;

  delete from public.leads
   where status = 'spam'
     and created_at < now() - make_interval(days => spam_days);
  get diagnostics spam_deleted = row_count;

  return next;
end
$function$;

-- Functions are executable by PUBLIC by default: only the service role (and the cron job, which
-- runs as the owner) may erase lead data.
revoke all on function public.purge_lead_personal_data(integer, integer) from public, anon, authenticated;
grant execute on function public.purge_lead_personal_data(integer, integer) to service_role;

-- Supabase Cron runs it every night at 03:17 UTC. Where pg_cron is missing (plain PostgreSQL) this
-- schedules nothing and leads-health says so, like the redelivery schedule.
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise warning 'pg_cron not available: lead retention is not scheduled (leads-health answers 503)';
    return;
  end if;

  create extension if not exists pg_cron;

  perform cron.schedule('leads-retention', '17 3 * * *', 'select public.purge_lead_personal_data()');
exception
  when feature_not_supported or object_not_in_prerequisite_state or undefined_object or undefined_function then
    raise warning 'leads-retention not scheduled: %', sqlerrm;
end
$migration$;
