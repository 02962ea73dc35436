-- A registration wakes enterprise-followup at once (issue 28 point 3: 'An insert may also wake it'),
-- instead of waiting up to a minute for the Cron job of 20261127000100_enterprise_followup.sql.
--
-- The call is the Cron job's (public.call_edge_function): net.http_post to <project_url>/functions/v1/enterprise-followup with
-- the x-redeliver-secret header, both read from Vault. pg_net queues it in this transaction and sends
-- it after the commit (a rolled back insert wakes nothing), at most once and without retries, so
-- it is only a nudge: the function claims each registration, and the Cron job every minute remains
-- what guarantees it is worked. Hence nothing here may ever refuse a registration: without pg_net,
-- Vault or the secrets, the trigger raises a warning and the insert goes through.
--
-- One call per INSERT statement (the browser inserts one row; a bulk insert wakes once).
create function public.enterprise_registrations_wake()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select from inserted) then
    return null;
  end if;
  -- Raises without pg_net or the Vault secrets: caught below, the insert goes through.
  perform public.call_edge_function('enterprise-followup', 55000);
  return null;
exception
  when others then
    raise warning 'enterprise-followup not woken: % (the Cron job runs it within a minute)', sqlerrm;
    return null;
end
$$;

revoke execute on function public.enterprise_registrations_wake() from public, anon, authenticated;

create trigger enterprise_registrations_wake
  after insert on public.enterprise_registrations
  referencing new table as inserted
  for each statement execute function public.enterprise_registrations_wake();
