-- Issue 44 review: "an unproven booking (possible_lead_id) is never reported" (docs/ad-conversions.md).
-- Staff's 'Release' on an unproven booking vouches for a match by e-mail or a claimed reference and
-- sets its lead_id (20261201060000_booking_release.sql), which made its call reported to the lead's
-- click: anyone who knows a lead's address could book a call that teaches the platforms. A proven
-- booking is one the signed reference tied to its lead, so it never had a possible_lead_id.
-- Otherwise as 20261202070000_ad_conversions.sql and 20261203020000_lead_attribution_at_insert.sql.
create or replace function public.lead_bookings_queue_ad_conversion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead record;
begin
  if new.lead_id is null or new.possible_lead_id is not null or new.trigger_event <> 'BOOKING_CREATED' then
    return null;
  end if;
  select submission_id, attribution into lead from public.leads l
   where l.id = new.lead_id and l.verified is true and l.status <> 'spam' and l.staff_decision is distinct from 'not-genuine';
  if lead.submission_id is null then
    return null;
  end if;
  perform public.queue_ad_conversions(coalesce(new.attribution, lead.attribution), 'call', 'call:' || new.booking_uid, null, new.id,
                                      null, null, null);
  return null;
end
$$;

create or replace function public.leads_queue_ad_conversion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  genuine boolean := new.verified is true and new.status <> 'spam' and new.staff_decision is distinct from 'not-genuine';
  was_genuine boolean := tg_op = 'UPDATE' and old.verified is true and old.status <> 'spam'
                         and old.staff_decision is distinct from 'not-genuine';
  booking record;
begin
  if genuine and new.attribution is not null then
    perform public.queue_ad_conversions(new.attribution, 'lead', 'lead:' || new.submission_id, new.submission_id, null, null, null, null);
  end if;
  if genuine and not was_genuine and tg_op = 'UPDATE' then
    for booking in
      select b.id, b.booking_uid, b.attribution from public.lead_bookings b
       where b.lead_id = new.id and b.possible_lead_id is null and b.trigger_event = 'BOOKING_CREATED'
       order by b.id
    loop
      perform public.queue_ad_conversions(coalesce(booking.attribution, new.attribution), 'call', 'call:' || booking.booking_uid,
                                          null, booking.id, null, null, null);
    end loop;
  end if;
  return null;
end
$$;

revoke execute on function public.lead_bookings_queue_ad_conversion() from public, anon, authenticated;
revoke execute on function public.leads_queue_ad_conversion() from public, anon, authenticated;
