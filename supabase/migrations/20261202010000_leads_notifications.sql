-- The leads side's messages to staff go through the notifications outbox (issue 43 point 1;
-- 20261202000000_notifications.sql): each is queued by public.notify() in the transaction that
-- records why it is sent, and the outbox alone sends it on each channel. What this changes:
--   lead_alert_state  one row per condition (what staff were told), no longer per channel: the
--                     outbox owns per-channel delivery, so `channel` and `maybe_told` go.
--   lead_digest_days  keeps the figures of the day's digest it queued.
--   needs_a_look_summary  claimed and queued in one call (queue_needs_a_look_summary); the claim
--                     is never given back, so unclaim_needs_a_look_summary goes.

-- One row per condition: a condition any channel was told of counts as told (an alert in flight
-- on the other channel is the outbox's to finish).
create temporary table lead_alert_state_merged on commit drop as
  select condition, bool_or(active) as active, max(notified_at) as notified_at, max(notified_count) as notified_count
  from public.lead_alert_state group by condition;
delete from public.lead_alert_state;
alter table public.lead_alert_state drop constraint lead_alert_state_pkey;
alter table public.lead_alert_state drop column channel, drop column maybe_told;
alter table public.lead_alert_state add primary key (condition);
insert into public.lead_alert_state (condition, active, notified_at, notified_count)
  select condition, active, notified_at, notified_count from lead_alert_state_merged;

comment on table public.lead_alert_state is
  'What staff were last told of each alert condition; updated in the transaction that queues the message (notify()).';

alter table public.lead_digest_days add column figures jsonb, add column message_key text;
grant update on table public.lead_digest_days to service_role;
revoke delete on table public.lead_digest_days from service_role;

-- The hour's 'Needs a look' summary: claimed (at most once an hour, only with something new) and
-- queued for sales in one transaction, under the key of the hour it was made. Returns the counts
-- it queued, or no row.
create function public.queue_needs_a_look_summary()
returns table (previous timestamptz, unverified_leads integer, spam_leads integer, unverified_registrations integer,
               held_registrations integer, off_board_registrations integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed record;
begin
  select * into claimed from public.claim_needs_a_look_summary();
  if claimed.previous is null then
    return;
  end if;
  perform public.notify(
    'needs-a-look',
    'needs-a-look:' || to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24'),
    'sales',
    jsonb_build_object(
      'previous', claimed.previous, 'unverifiedLeads', claimed.unverified_leads, 'spamLeads', claimed.spam_leads,
      'unverifiedRegistrations', claimed.unverified_registrations, 'heldRegistrations', claimed.held_registrations,
      'offBoardRegistrations', claimed.off_board_registrations
    )
  );
  return query select claimed.previous, claimed.unverified_leads, claimed.spam_leads, claimed.unverified_registrations,
                      claimed.held_registrations, claimed.off_board_registrations;
end
$$;

drop function public.unclaim_needs_a_look_summary(timestamptz);

revoke execute on function public.queue_needs_a_look_summary() from public, anon, authenticated;
grant execute on function public.queue_needs_a_look_summary() to service_role;
