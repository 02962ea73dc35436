-- Issue 44 point 6 (docs/ad-conversions.md "What staff read"): which campaigns bring customers.
-- Visits with a click id are counted by the `ad-visits` function (no personal data: a day, a platform,
-- a keyword, which kinds of click id came, a count); the weekly report and the digest's line read the
-- funnel from the records themselves with ad_campaign_report().

create table public.ad_visits (
  -- The agency's calendar day of the visit.
  day date not null,
  platform text not null constraint ad_visits_platform_check check (char_length(platform) <= 100),
  keyword text not null constraint ad_visits_keyword_check check (char_length(keyword) <= 100),
  -- The kinds of click id the visit came with, sorted and joined with '+': 'gclid', 'fbclid+gclid'.
  click_kinds text not null constraint ad_visits_click_kinds_check check (click_kinds ~ '^[a-z]+(\+[a-z]+){0,4}$'),
  visits integer not null default 0,
  primary key (day, platform, keyword, click_kinds)
);

alter table public.ad_visits enable row level security;
revoke all on table public.ad_visits from public, anon, authenticated;
grant select on table public.ad_visits to service_role;

comment on table public.ad_visits is
  'Landing visits that came with an ad click id and consent to keep it, counted per agency day, platform, keyword and kinds of id (no personal data).';

-- Once a day has this many distinct platform/keyword pairs, new ones count under '(other)': a stranger
-- posting made-up keywords cannot grow the table or the report without bound.
create function public.record_ad_visit(time_zone text, visit_platform text, visit_keyword text, kinds text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  visit_day date := (now() at time zone time_zone)::date;
  pair_platform text := lower(btrim(visit_platform));
  pair_keyword text := btrim(visit_keyword);
  counted integer;
begin
  if not exists (select from public.ad_visits v where v.day = visit_day and v.platform = pair_platform and v.keyword = pair_keyword)
     and (select count(distinct (v.platform, v.keyword)) from public.ad_visits v where v.day = visit_day) >= 500 then
    pair_platform := '(other)';
    pair_keyword := '(other)';
  end if;
  insert into public.ad_visits as v (day, platform, keyword, click_kinds, visits)
  values (visit_day, pair_platform, pair_keyword, kinds, 1)
  on conflict (day, platform, keyword, click_kinds) do update set visits = v.visits + 1
  returning v.visits into counted;
  return counted;
end
$$;

revoke all on function public.record_ad_visit(text, text, text, text) from public, anon, authenticated;
grant execute on function public.record_ad_visit(text, text, text, text) to service_role;

-- A weekly report is taken once per ISO week ('2026-W48'), in the transaction that queues it.
create table public.ad_report_weeks (
  week text primary key constraint ad_report_weeks_week_check check (week ~ '^\d{4}-W\d{2}$'),
  figures jsonb,
  message_key text,
  created_at timestamptz not null default now()
);

alter table public.ad_report_weeks enable row level security;
revoke all on table public.ad_report_weeks from public, anon, authenticated;
grant select, insert, update on table public.ad_report_weeks to service_role;

-- The funnel of `first_day`..`last_day` (agency days in `time_zone`, both included), per platform and
-- keyword as the record's attribution (or, for a lead without one, its tracking) names them:
-- visits with a click id, leads (any), genuine leads (verified, not spam, not called not-genuine by
-- staff: the rule that reports a lead to the platforms), calls booked by a proven lead, registrations,
-- invoices paid and their USD revenue. Then, per platform, the conversions queued in those days:
-- reported, skipped by reason, failed, waiting.
create function public.ad_campaign_report(first_day date, last_day date, time_zone text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with bounds as (
    select (first_day::timestamp at time zone time_zone) as since, ((last_day + 1)::timestamp at time zone time_zone) as until
  ),
  lead_rows as (
    select lower(btrim(coalesce(l.attribution ->> 'platform', l.tracking ->> 'platform', ''))) as platform,
      btrim(coalesce(l.attribution ->> 'keyword', l.tracking ->> 'keyword', '')) as keyword,
      1 as leads,
      (l.verified is true and l.status <> 'spam' and l.staff_decision is distinct from 'not-genuine')::int as genuine
    from public.leads l, bounds b where l.created_at >= b.since and l.created_at < b.until
  ),
  call_rows as (
    select lower(btrim(coalesce(c.attribution ->> 'platform', ''))) as platform, btrim(coalesce(c.attribution ->> 'keyword', '')) as keyword
    from (
      select distinct on (k.booking_uid) coalesce(k.attribution, l.attribution, l.tracking) as attribution
      from public.lead_bookings k join public.leads l on l.id = k.lead_id, bounds b
      where k.trigger_event = 'BOOKING_CREATED' and k.created_at >= b.since and k.created_at < b.until
      order by k.booking_uid, k.id
    ) c
  ),
  registration_rows as (
    select lower(btrim(coalesce(a.attribution ->> 'platform', ''))) as platform, btrim(coalesce(a.attribution ->> 'keyword', '')) as keyword
    from (
      select coalesce(r.attribution, l.attribution) as attribution
      from public.enterprise_registrations r left join public.leads l on l.submission_id = r.lead_submission_id, bounds b
      where r.created_at >= b.since and r.created_at < b.until
    ) a
  ),
  paid_rows as (
    select lower(btrim(coalesce(p.attribution ->> 'platform', ''))) as platform, btrim(coalesce(p.attribution ->> 'keyword', '')) as keyword,
      p.revenue
    from (
      select distinct on (e.invoice_id)
        coalesce(case when coalesce(r.attribution -> 'clickIds', '{}'::jsonb) <> '{}'::jsonb then r.attribution end, l.attribution, r.attribution)
          as attribution,
        case when lower(coalesce(e.currency, 'usd')) = 'usd' then coalesce(e.amount_paid, 0) / 100.0 else 0 end as revenue
      from public.stripe_webhook_events e
      join public.enterprise_registrations r on r.id = e.registration_id or (e.registration_id is null and r.stripe_invoice_id = e.invoice_id)
      left join public.leads l on l.submission_id = r.lead_submission_id, bounds b
      where e.outcome = 'paid' and e.invoice_id is not null
        and coalesce(e.invoice_paid_at, e.received_at) >= b.since and coalesce(e.invoice_paid_at, e.received_at) < b.until
      order by e.invoice_id, e.received_at
    ) p
  ),
  funnel as (
    select platform, keyword, sum(visits)::int as visits, sum(leads)::int as leads, sum(genuine)::int as genuine, sum(calls)::int as calls,
      sum(registrations)::int as registrations, sum(paid)::int as paid, sum(revenue)::numeric(14, 2) as revenue
    from (
      select v.platform, v.keyword, v.visits, 0 as leads, 0 as genuine, 0 as calls, 0 as registrations, 0 as paid, 0 as revenue
        from public.ad_visits v where v.day between first_day and last_day
      union all select platform, keyword, 0, leads, genuine, 0, 0, 0, 0 from lead_rows
      union all select platform, keyword, 0, 0, 0, 1, 0, 0, 0 from call_rows
      union all select platform, keyword, 0, 0, 0, 0, 1, 0, 0 from registration_rows
      union all select platform, keyword, 0, 0, 0, 0, 0, 1, revenue from paid_rows
    ) rows
    group by platform, keyword
  ),
  conversions as (
    select c.platform, count(*) filter (where c.status = 'sent')::int as reported, count(*) filter (where c.status = 'failed')::int as failed,
      count(*) filter (where c.status = 'pending')::int as waiting,
      coalesce(jsonb_object_agg(c.skip_reason, c.n) filter (where c.status = 'skipped'), '{}'::jsonb) as skipped
    from (
      select a.platform, a.status, coalesce(a.skip_reason, 'unknown') as skip_reason, count(*) over (partition by a.platform, a.status,
        coalesce(a.skip_reason, 'unknown'))::int as n
      from public.ad_conversions a, bounds b where a.created_at >= b.since and a.created_at < b.until
    ) c
    group by c.platform
  )
  select jsonb_build_object(
    'firstDay', first_day, 'lastDay', last_day, 'timeZone', time_zone,
    'funnel', coalesce((select jsonb_agg(to_jsonb(f) order by f.platform = '', f.paid desc, f.genuine desc, f.leads desc, f.visits desc,
      f.platform, f.keyword) from funnel f), '[]'::jsonb),
    'conversions', coalesce((select jsonb_agg(to_jsonb(c) order by c.platform) from conversions c), '[]'::jsonb))
$$;

revoke all on function public.ad_campaign_report(date, date, text) from public, anon, authenticated;
grant execute on function public.ad_campaign_report(date, date, text) to service_role;
