-- Calls booked in the calendar (its signed webhooks, the `cal-webhook` function). One row per
-- booking and trigger event, so a webhook delivered twice changes nothing. `note` is the board
-- update the event adds; it waits here (board_state 'pending') until the lead's item exists, and
-- `leads-redeliver` sends it once it does. Times are stored in UTC.
create table public.lead_bookings (
  id bigint generated always as identity primary key,
  booking_uid text not null,
  trigger_event text not null check (trigger_event in ('BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED')),
  -- The booking this one replaces (a reschedule), so its updates land on the same item.
  previous_uid text,
  -- No foreign key: the outbox stays free to be emptied or purged on its own (truncate, retention);
  -- a booking whose lead is gone keeps its row and simply matches nothing.
  lead_id bigint,
  start_time timestamptz not null,
  organizer text not null,
  attendee_name text not null,
  attendee_email text not null,
  note text not null,
  board_state text not null default 'pending' check (board_state in ('pending', 'sent')),
  board_item_id text,
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (booking_uid, trigger_event)
);

create index lead_bookings_lead_idx on public.lead_bookings (lead_id);
create index lead_bookings_pending_idx on public.lead_bookings (id) where board_state = 'pending';
-- Finding a lead by the attendee's e-mail among the last 30 days' leads.
create index leads_email_idx on public.leads (lower(lead ->> 'email'), created_at);

alter table public.lead_bookings enable row level security;
revoke all on table public.lead_bookings from anon, authenticated;
revoke all on sequence public.lead_bookings_id_seq from anon, authenticated;
grant select, insert, update, delete on table public.lead_bookings to service_role;
grant usage on sequence public.lead_bookings_id_seq to service_role;

-- A booking's attendee details follow its lead's retention (purge_lead_personal_data): erased when
-- the lead is anonymised, deleted with a deleted (spam) lead.
create or replace function public.lead_bookings_follow_lead()
returns trigger
language plpgsql
security invoker
set search_path = public, pg_temp
as $function$
begin
  if tg_op = 'DELETE' then
    delete from public.lead_bookings where lead_id = old.id;
    return old;
  end if;
  update public.lead_bookings set attendee_name = '', attendee_email = '' where lead_id = new.id;
  return new;
end
$function$;

revoke all on function public.lead_bookings_follow_lead() from public, anon, authenticated;

create trigger leads_anonymise_bookings
  after update of anonymised_at on public.leads
  for each row when (old.anonymised_at is null and new.anonymised_at is not null)
  execute function public.lead_bookings_follow_lead();

create trigger leads_delete_bookings
  after delete on public.leads
  for each row execute function public.lead_bookings_follow_lead();
