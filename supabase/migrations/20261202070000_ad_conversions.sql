-- The conversions outbox (issue 44 point 3, docs/ad-conversions.md "The outbox"): one row per ad
-- platform and event, queued in the transaction of the change that makes the event (a lead becoming
-- genuine, a proven lead's booking, a matched invoice.paid), sent by the `conversions` stage of
-- webhook-events. The row holds no personal data and no hash: the event is built at send time from
-- its record, so the 90-day erasure of the records covers it (an erased record's row is skipped).
create table public.ad_conversions (
  id bigint generated always as identity primary key,
  platform text not null constraint ad_conversions_platform_check check (platform in ('google', 'meta')),
  -- 'lead:<submission id>', 'call:<booking uid>', 'paid:<invoice id>': Google's transactionId, Meta's event_id.
  dedup_key text not null,
  kind text not null constraint ad_conversions_kind_check check (kind in ('lead', 'call', 'purchase')),
  lead_submission_id uuid,
  booking_id bigint,
  stripe_event_id text,
  registration_id uuid,
  value_usd numeric(12, 2),
  status text not null default 'pending'
    constraint ad_conversions_status_check check (status in ('pending', 'sent', 'skipped', 'failed')),
  skip_reason text,
  platform_request_id text,
  -- Google's requestStatus (PROCESSING, SUCCESS, PARTIAL_SUCCESS, FAILURE), read after the send.
  processing_status text,
  processing_checked_at timestamptz,
  sent_at timestamptz,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  claim_token uuid,
  last_error text,
  failure_reason text,
  updated_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  unique (platform, dedup_key),
  constraint ad_conversions_ref_check check (
    (kind = 'lead' and lead_submission_id is not null)
    or (kind = 'call' and booking_id is not null)
    or (kind = 'purchase' and stripe_event_id is not null))
);

create index ad_conversions_due on public.ad_conversions (next_attempt_at) where status = 'pending';
create index ad_conversions_unchecked on public.ad_conversions (sent_at)
  where status = 'sent' and platform = 'google' and processing_status is distinct from 'SUCCESS'
    and processing_status is distinct from 'PARTIAL_SUCCESS' and processing_status is distinct from 'FAILURE';

alter table public.ad_conversions enable row level security;
revoke all on table public.ad_conversions from public, anon, authenticated;
revoke all on sequence public.ad_conversions_id_seq from public, anon, authenticated;
grant select on table public.ad_conversions to service_role;

comment on table public.ad_conversions is
  'Ad conversions to report (docs/ad-conversions.md): one per platform and event; no personal data, built at send time.';

insert into public.outbox_tables (tbl, key_column, done_status, done_at_column)
values ('public.ad_conversions', 'id', 'sent', 'sent_at');

-- One row per platform whose click id the attribution holds (Google: gclid, gbraid or wbraid; Meta:
-- fbclid), once per dedup key. What consent allows is decided at send time (_shared/conversions).
create function public.queue_ad_conversions(
  attribution jsonb, conversion_kind text, key text, lead_ref uuid, booking_ref bigint, event_ref text, registration_ref uuid,
  value numeric
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  ids jsonb := coalesce(attribution -> 'clickIds', '{}'::jsonb);
  platforms text[] := '{}';
  queued integer;
begin
  if jsonb_typeof(ids) <> 'object' then
    return 0;
  end if;
  if ids ?| array['gclid', 'gbraid', 'wbraid'] then platforms := array_append(platforms, 'google'); end if;
  if ids ? 'fbclid' then platforms := array_append(platforms, 'meta'); end if;
  insert into public.ad_conversions (platform, dedup_key, kind, lead_submission_id, booking_id, stripe_event_id, registration_id, value_usd)
  select p, key, conversion_kind, lead_ref, booking_ref, event_ref, registration_ref, value from unnest(platforms) p
  on conflict (platform, dedup_key) do nothing;
  get diagnostics queued = row_count;
  return queued;
end
$$;

-- A lead is genuine once it is verified (Turnstile passed) and not spam, and no person called it not
-- genuine. A bot's lead (unverified) is never reported, even when staff release it. The attribution is
-- written right after the lead's insert (pg-lead-attribution.ts), so its update queues too.
create function public.leads_queue_ad_conversion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.verified is true and new.status <> 'spam' and new.staff_decision is distinct from 'not-genuine'
     and new.attribution is not null then
    perform public.queue_ad_conversions(new.attribution, 'lead', 'lead:' || new.submission_id, new.submission_id, null, null, null, null);
  end if;
  return null;
end
$$;

create trigger leads_queue_ad_conversion
  after insert or update of status, verified, staff_decision, attribution on public.leads
  for each row execute function public.leads_queue_ad_conversion();

-- A call booked by a proven lead (lead_id is set only by the signed reference) whose lead is genuine.
-- A reschedule keeps the first booking's conversion (its own uid would count the call twice).
create function public.lead_bookings_queue_ad_conversion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead record;
begin
  if new.lead_id is null or new.trigger_event <> 'BOOKING_CREATED' then
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

create trigger lead_bookings_queue_ad_conversion
  after insert or update of lead_id on public.lead_bookings
  for each row execute function public.lead_bookings_queue_ad_conversion();

-- A matched invoice.paid (verdict 'paid'): its registration's attribution, else its linked lead's.
-- The value in USD; an invoice in another currency is reported without a value.
create function public.stripe_events_queue_ad_conversion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  registration record;
  lead_attribution jsonb;
begin
  if new.outcome is distinct from 'paid' or old.outcome is not distinct from 'paid' or new.invoice_id is null then
    return null;
  end if;
  select r.id, r.attribution, r.lead_submission_id into registration from public.enterprise_registrations r
   where r.id = new.registration_id or (new.registration_id is null and r.stripe_invoice_id = new.invoice_id)
   limit 1;
  if registration.id is null then
    return null;
  end if;
  if registration.attribution is null or coalesce(registration.attribution -> 'clickIds', '{}'::jsonb) = '{}'::jsonb then
    select l.attribution into lead_attribution from public.leads l where l.submission_id = registration.lead_submission_id;
  end if;
  perform public.queue_ad_conversions(coalesce(lead_attribution, registration.attribution), 'purchase', 'paid:' || new.invoice_id,
    null, null, new.event_id, registration.id,
    case when lower(coalesce(new.currency, 'usd')) = 'usd' and new.amount_paid is not null then new.amount_paid / 100.0 end);
  return null;
end
$$;

create trigger stripe_events_queue_ad_conversion
  after update of outcome on public.stripe_webhook_events
  for each row execute function public.stripe_events_queue_ad_conversion();

-- Refused for good (here or by the platform), or the platform not configured: never retried.
create function public.ad_conversion_skipped(conversion_id bigint, token uuid, reason text, detail text)
returns boolean
language sql
set search_path = ''
as $$
  with skipped as (
    update public.ad_conversions
    set status = 'skipped', skip_reason = left(reason, 200), last_error = left(detail, 1000), failure_reason = null,
      claimed_until = null, claim_token = null, updated_at = now()
    where id = conversion_id and claim_token = token and status = 'pending'
    returning 1
  )
  select exists (select from skipped)
$$;

-- Google's processing status of a sent row, read later (not under a claim: the row is settled).
create function public.ad_conversion_processing(conversion_id bigint, request_status text)
returns boolean
language sql
set search_path = ''
as $$
  with checked as (
    update public.ad_conversions
    set processing_status = left(request_status, 40), processing_checked_at = now(), updated_at = now()
    where id = conversion_id and status = 'sent'
    returning 1
  )
  select exists (select from checked)
$$;

revoke execute on function public.queue_ad_conversions(jsonb, text, text, uuid, bigint, text, uuid, numeric) from public, anon, authenticated;
revoke execute on function public.leads_queue_ad_conversion() from public, anon, authenticated;
revoke execute on function public.lead_bookings_queue_ad_conversion() from public, anon, authenticated;
revoke execute on function public.stripe_events_queue_ad_conversion() from public, anon, authenticated;
revoke execute on function public.ad_conversion_skipped(bigint, uuid, text, text) from public, anon, authenticated;
revoke execute on function public.ad_conversion_processing(bigint, text) from public, anon, authenticated;
