-- Booking notes complete (issue 37 point 6). The calendar's meeting ended event (MEETING_ENDED)
-- marks the call held on the board; attendee_phone is the phone the attendee gave the calendar,
-- for the 'Booking:' item of someone who is not a lead. It is the lead's personal data: erased
-- with the rest of the attendee's details when the lead is anonymised or deleted.
alter table public.lead_bookings drop constraint lead_bookings_trigger_event_check;
alter table public.lead_bookings
  add constraint lead_bookings_trigger_event_check
    check (trigger_event in ('BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED', 'MEETING_ENDED')),
  add column attendee_phone text not null default '';

create or replace function public.lead_bookings_follow_lead()
returns trigger
language plpgsql
security invoker
set search_path = public, pg_temp
as $function$
begin
  update public.lead_bookings set attendee_name = '', attendee_email = '', attendee_phone = ''
  where lead_id = (case when tg_op = 'DELETE' then old.id else new.id end);
  return case when tg_op = 'DELETE' then old else new end;
end
$function$;
