-- A booking is tied to a lead only by proof (issue 42 point 2). lead_id is now set only when the
-- booking link carried the lead's reference with a valid signature (BOOKING_LINK_SECRET, issued by
-- the `leads` function), or by an earlier event of the same booking. possible_lead_id is the lead an
-- unproven booking may belong to (the lead its unsigned reference names, else one with the same
-- e-mail): a hint for a person on the booking's own item in 'Needs a look', never a link the
-- booking writes through. No foreign key, as for lead_id: the outbox is emptied and purged on its own.
alter table public.lead_bookings add column possible_lead_id bigint;

-- The booking no longer releases a spam lead (cal-webhook): a booking never changes a lead's status.
comment on column public.lead_bookings.lead_id is
  'The lead this booking proved (signed reference), or null. Only this lead''s item and digest line change with the booking.';
comment on column public.lead_bookings.possible_lead_id is
  'An unproven booking''s possible lead (unsigned reference or same e-mail): named on its own board item for a person to judge.';

create index lead_bookings_possible_lead_idx on public.lead_bookings (possible_lead_id) where possible_lead_id is not null;

-- A booking's attendee details follow the retention of the lead they may be (as of its proven lead):
-- erased when that lead is anonymised or deleted. An unproven booking is often the lead's own.
create or replace function public.lead_bookings_follow_lead()
returns trigger
language plpgsql
security invoker
set search_path = public, pg_temp
as $function$
declare
  gone bigint := case when tg_op = 'DELETE' then old.id else new.id end;
begin
  update public.lead_bookings set attendee_name = '', attendee_email = '', attendee_phone = ''
  where lead_id = gone or possible_lead_id = gone;
  return case when tg_op = 'DELETE' then old else new end;
end
$function$;
