-- Alerts when a lead cannot reach the board, and the runbook's two commands to send leads again.
-- `leads-redeliver` evaluates the alert conditions on every run; what each channel was last told
-- is kept here, so a condition alerts at most once an hour and its end is announced once.

create table public.lead_alert_state (
  condition text not null check (condition in ('board-auth', 'board-access', 'failed', 'pending-age')),
  channel text not null check (channel in ('webhook', 'email')),
  -- The channel was told the condition holds and not yet that it cleared.
  active boolean not null default false,
  notified_at timestamptz,
  notified_count integer not null default 0,
  primary key (condition, channel)
);

alter table public.lead_alert_state enable row level security;
revoke all on table public.lead_alert_state from anon, authenticated;
grant select, insert, update, delete on table public.lead_alert_state to service_role;

-- Every failed lead back in the queue: attempts reset, due now. `last_error` is kept, so delivery
-- looks each one up on the board before creating it: a lead whose item was made after all is not
-- made twice. Running it again requeues nothing more (the leads are pending or delivered by then).
create function public.retry_failed_leads() returns integer
language sql
security invoker
set search_path = public
as $$
  with requeued as (
    update leads set status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null, updated_at = now()
    where status = 'failed'
    returning 1
  )
  select count(*)::integer from requeued;
$$;

-- A lead the spam guard caught, sent to the board by the next redelivery run. Answers the lead's
-- status afterwards ('pending' once released; 'delivered' or 'pending' again when it was released
-- before: nothing is sent twice), or null for an unknown submission id. `spam_reason` stays.
create function public.release_spam_lead(lead_submission_id uuid) returns text
language plpgsql
security invoker
set search_path = public
as $$
declare
  outcome text;
begin
  update leads set status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null, updated_at = now()
  where submission_id = lead_submission_id and status = 'spam'
  returning status into outcome;
  if outcome is null then
    select status into outcome from leads where submission_id = lead_submission_id;
  end if;
  return outcome;
end
$$;

-- Functions are executable by PUBLIC by default, and Supabase's default privileges grant anon and
-- authenticated too: only the service role (and the owner) may run these.
revoke execute on function public.retry_failed_leads(), public.release_spam_lead(uuid) from public, anon, authenticated;
grant execute on function public.retry_failed_leads(), public.release_spam_lead(uuid) to service_role;
