-- Issue 44, what was left (docs/ad-conversions.md "The outbox", docs/attribution.md):
-- 1. A lead is inserted WITH its attribution, in one statement. The leads function used to write it
--    in a second statement after record_lead, so a leads-redeliver run could claim the lead (and the
--    board note be written) while it had none. A new overload of record_lead takes it; the one of
--    20261202040000 stays (its signature unchanged) for a leads function deployed before this
--    migration, and now calls this one, so the insert is written once.
-- 2. A lead that becomes genuine (staff release a verified lead held as spam) queues the 'call'
--    conversions of the bookings it proved while it was held: the booking trigger skipped them then,
--    because the lead was not genuine. In the transaction of the release, as every queueing is.

-- The 20261202040000 signature, for a leads function deployed before this migration: the insert
-- below, without an attribution. (plpgsql: its body is resolved when it runs, so it can come first.)
create or replace function public.record_lead(
  submission uuid, initial_status text, lead_data jsonb, tracking_data jsonb, source_data jsonb, check_data jsonb,
  reply_data jsonb, spam_why text, verified_now boolean, unverified_why text
)
returns setof public.leads
language plpgsql
set search_path = ''
as $$
begin
  return query select * from public.record_lead(submission, initial_status, lead_data, tracking_data, source_data, check_data,
                                                reply_data, spam_why, verified_now, unverified_why, null::jsonb);
end
$$;

create function public.record_lead(
  submission uuid, initial_status text, lead_data jsonb, tracking_data jsonb, source_data jsonb, check_data jsonb,
  reply_data jsonb, spam_why text, verified_now boolean, unverified_why text, attribution_data jsonb
)
returns setof public.leads
language plpgsql
set search_path = ''
as $$
begin
  if initial_status not in ('pending', 'spam') then
    raise exception 'a lead comes in pending or spam, not %', initial_status using errcode = 'check_violation';
  end if;
  return query
    insert into public.leads as l (submission_id, status, lead, tracking, source, review_check, ai_reply, spam_reason, verified,
                                   verification_failure, attribution)
    values (submission, initial_status, lead_data, tracking_data, source_data, check_data, reply_data, spam_why, verified_now,
            unverified_why, attribution_data)
    on conflict (submission_id) do nothing
    returning l.*;
  if not found then
    return query select * from public.leads l where l.submission_id = submission;
  end if;
end
$$;

revoke execute on function public.record_lead(uuid, text, jsonb, jsonb, jsonb, jsonb, jsonb, text, boolean, text, jsonb)
  from public, anon, authenticated;

-- Otherwise as 20261202070000_ad_conversions.sql, plus the calls of a lead that has just become
-- genuine: its proven bookings (lead_id, set only by the signed reference), first events only (a
-- reschedule is not a second call), each with the booking's inherited attribution, else the lead's.
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
       where b.lead_id = new.id and b.trigger_event = 'BOOKING_CREATED'
       order by b.id
    loop
      perform public.queue_ad_conversions(coalesce(booking.attribution, new.attribution), 'call', 'call:' || booking.booking_uid,
                                          null, booking.id, null, null, null);
    end loop;
  end if;
  return null;
end
$$;

revoke execute on function public.leads_queue_ad_conversion() from public, anon, authenticated;
