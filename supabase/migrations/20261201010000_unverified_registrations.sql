-- Unverified is its own class (issue 42 point 1; docs/enterprise.md, 'Unverified registrations').
--
-- Before: a registration without a passed bot check (verified = false) counted toward the daily cap
-- and the per-address limit like a verified one, so 50 tokenless registrations from 16 addresses filled
-- the day and the next genuine registrant was held. Now each class counts only itself:
--   * verified: `daily_cap` (ENTERPRISE_DAILY_CAP, default 50) and `per_address_hourly_limit` (5);
--   * unverified: `unverified_daily_cap` (ENTERPRISE_UNVERIFIED_DAILY_CAP, default 20) and the tighter
--     `unverified_hourly_limit` (ENTERPRISE_UNVERIFIED_HOURLY_LIMIT, default 2 an hour per client address).
-- The shared bucket (no usable client address) keeps `shared_hourly_limit`, counted per class too.
--
-- Where a registration goes: every one within its limits is 'pending', and the follow-through places it
-- on the board. A verified one past the cap (over_daily_cap) and every unverified one go to the board's
-- 'Needs a look' group, page nobody, and wait there in status 'held' for a person's decision
-- (staff_decision). An unverified one past its own daily allowance is recorded 'held' at once and is not
-- put on the board (what a stranger without a token can put on the board is bounded by the allowance);
-- the hourly 'Needs a look' summary counts it.

alter table public.enterprise_registration_settings
  add column unverified_daily_cap integer not null default 20 check (unverified_daily_cap >= 0),
  add column unverified_hourly_limit integer not null default 2 check (unverified_hourly_limit > 0);

alter table public.enterprise_registration_days
  add column unverified integer not null default 0 check (unverified >= 0);

create or replace function public.enterprise_registration_daily_cap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  counted integer;
  cap integer;
begin
  if new.verified then
    insert into public.enterprise_registration_days as days (day, registrations)
    values ((now() at time zone 'utc')::date, 1)
    on conflict (day) do update set registrations = days.registrations + 1
    returning registrations into counted;
    select daily_cap into cap from public.enterprise_registration_settings where id;
    new.over_daily_cap := counted > coalesce(cap, 50);
    new.status := 'pending';
  else
    insert into public.enterprise_registration_days as days (day, registrations, unverified)
    values ((now() at time zone 'utc')::date, 0, 1)
    on conflict (day) do update set unverified = days.unverified + 1
    returning unverified into counted;
    select unverified_daily_cap into cap from public.enterprise_registration_settings where id;
    new.over_daily_cap := counted > coalesce(cap, 20);
    new.status := case when new.over_daily_cap then 'held' else 'pending' end;
  end if;
  return new;
end
$$;

-- The per-address limit of 20261129001000, with each class counting only its own registrations.
create or replace function public.enterprise_registration_address_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  headers json := nullif(current_setting('request.headers', true), '')::json;
  settings public.enterprise_registration_settings;
  key text;
  recent integer;
begin
  if headers is null then
    new.client_address_hash := null;
    return new;
  end if;
  select * into settings from public.enterprise_registration_settings where id;
  key := public.client_address_key(headers, settings.client_address_header);
  new.client_address_hash := encode(sha256(convert_to(
    settings.address_salt || '|client-address-key|' || coalesce(key, 'shared'), 'UTF8')), 'hex');
  if exists (select 1 from public.enterprise_registrations where submission_id = new.submission_id) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('enterprise_registrations/' || new.client_address_hash));
  select count(*) into recent
    from public.enterprise_registrations
   where client_address_hash = new.client_address_hash and created_at > now() - interval '1 hour'
     and verified = new.verified;
  if recent >= (case when key is null then settings.shared_hourly_limit
                     when new.verified then settings.per_address_hourly_limit
                     else settings.unverified_hourly_limit end) then
    raise exception 'Too many registrations from this network'
      using errcode = 'PT429',
            detail = 'enterprise_registrations: rate limited',
            hint = 'Try again in an hour, or call the agency.';
  end if;
  return new;
end
$$;

-- The runbook's fallback to the board's 'Release': the same decision, recorded, so the follow-through
-- pages sales for it (pagingOf: a released record pages as usual).
create or replace function public.release_enterprise_registration(registration_id uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with released as (
    update public.enterprise_registrations
       set status = 'pending', next_attempt_at = now(), updated_at = now(),
           staff_decision = 'release', staff_decided_at = now()
     where id = registration_id and status = 'held'
    returning id
  )
  select exists (select from released)
$$;

create or replace function public.release_spam_lead(lead_submission_id uuid) returns text
language plpgsql
security invoker
set search_path = public
as $$
declare
  outcome text;
begin
  update leads set status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null, updated_at = now(),
         staff_decision = 'release', staff_decided_at = now()
  where submission_id = lead_submission_id and status = 'spam'
  returning status into outcome;
  if outcome is null then
    select status into outcome from leads where submission_id = lead_submission_id;
  end if;
  return outcome;
end
$$;

-- Replaced by the 'Needs a look' summary (20261201011000), which counts held registrations with the rest.
drop function public.claim_enterprise_cap_summary();
drop function public.unclaim_enterprise_cap_summary(timestamptz);
