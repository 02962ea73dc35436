-- Webhooks record, a worker acts (issue 36 point 2). `cal-webhook` and `stripe-webhook` only verify
-- an event and record it once; the `webhook-events` function works the recorded events as outboxes
-- (supabase/functions/_shared/outbox/): attempts, backoff, a failed state and one failure alert.
--
-- lead_bookings: one row per booking and trigger event (as before), now an outbox item whose
-- status is 'pending' until its update is on the board ('sent'), or 'failed' once its attempts are
-- used up. board_item_id is the item the update goes on, recorded before the update is sent, so a
-- retry never makes a second 'Booking:' item. item_key is what a 'Booking:' item is found by on
-- the board (its submission column) before one is created: 'booking:<uid of the first booking>'.
alter table public.lead_bookings rename column board_state to status;
alter table public.lead_bookings drop constraint lead_bookings_board_state_check;
alter table public.lead_bookings
  add constraint lead_bookings_status_check check (status in ('pending', 'sent', 'failed')),
  add column attempts integer not null default 0,
  add column next_attempt_at timestamptz not null default now(),
  add column failure_reason text,
  add column updated_at timestamptz not null default now(),
  add column if not exists claim_token uuid,
  add column failure_alerted_at timestamptz,
  add column item_key text;

update public.lead_bookings set item_key = 'booking:' || coalesce(previous_uid, booking_uid) where item_key is null;
alter table public.lead_bookings alter column item_key set not null;

drop index public.lead_bookings_pending_idx;
create index lead_bookings_due on public.lead_bookings (next_attempt_at) where status = 'pending';

-- A booking row is never deleted with its lead: a lead who books a call is released from spam by
-- the booking (cal-webhook), and a lead deleted anyway (retention) leaves the booking in place,
-- its attendee details erased.
create or replace function public.lead_bookings_follow_lead()
returns trigger
language plpgsql
security invoker
set search_path = public, pg_temp
as $function$
begin
  if tg_op = 'DELETE' then
    update public.lead_bookings set attendee_name = '', attendee_email = '' where lead_id = old.id;
    return old;
  end if;
  update public.lead_bookings set attendee_name = '', attendee_email = '' where lead_id = new.id;
  return new;
end
$function$;

-- stripe_webhook_events: one row per Stripe event id (as before), now an outbox item carrying the
-- paid invoice the worker needs. Events handled before this migration are done. `outcome` is the
-- payment's verdict, recorded with paid_at in one transaction before any alert is sent;
-- alert_channels are the channels that have taken its alert, so a retry sends only the missing ones.
alter table public.stripe_webhook_events
  -- The outbox's own id (supabase/functions/_shared/outbox/ settles by id); event_id stays the key.
  add column id bigint generated always as identity unique,
  add column registration_id uuid,
  add column invoice_id text,
  add column invoice_paid_at timestamptz,
  add column amount_paid bigint,
  add column currency text,
  add column status text not null default 'done'
    constraint stripe_webhook_events_status_check check (status in ('pending', 'done', 'failed')),
  add column attempts integer not null default 0,
  add column next_attempt_at timestamptz not null default now(),
  add column claimed_until timestamptz,
  add column if not exists claim_token uuid,
  add column last_error text,
  add column failure_reason text,
  add column updated_at timestamptz not null default now(),
  add column completed_at timestamptz,
  add column outcome text
    constraint stripe_webhook_events_outcome_check check (outcome in ('unknown-registration', 'mismatch', 'already-paid', 'paid')),
  -- Why a mismatched payment pays for nothing (the mismatch alert's line).
  add column mismatch text,
  add column alert_channels text[] not null default '{}',
  add column failure_alerted_at timestamptz;

alter table public.stripe_webhook_events alter column status set default 'pending';
create index stripe_webhook_events_due on public.stripe_webhook_events (next_attempt_at) where status = 'pending';
grant update on table public.stripe_webhook_events to service_role;

comment on table public.stripe_webhook_events is
  'Stripe webhook events recorded by stripe-webhook (one row per event id) and worked by webhook-events. Not readable through the API.';

-- A recorded event wakes webhook-events at once (as enterprise_registrations_wake does); the Cron
-- job every minute is what guarantees it is worked. Nothing here may refuse the insert.
create function public.webhook_events_wake()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select from inserted) then
    perform public.wake_edge_function('webhook-events');
  end if;
  return null;
end
$$;

revoke execute on function public.webhook_events_wake() from public, anon, authenticated;

create trigger lead_bookings_wake
  after insert on public.lead_bookings
  referencing new table as inserted
  for each statement execute function public.webhook_events_wake();

create trigger stripe_webhook_events_wake
  after insert on public.stripe_webhook_events
  referencing new table as inserted
  for each statement execute function public.webhook_events_wake();

select public.schedule_edge_function('webhook-events', '* * * * *', 'webhook-events', 55000);
