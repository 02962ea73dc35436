-- The daily cap without a global lock or a count over the day (issue 35, point 5).
--
-- Before: every registration took one advisory lock for the whole table and counted the last 24
-- hours, so concurrent inserts ran one at a time and each cost more as the day filled up. Now the
-- day (UTC) is one counter row, raised by the insert itself (insert ... on conflict do update):
-- a constant cost, and exact, since the row's lock orders the increments. A registration that
-- fails (the hourly limit, a retried submission_id) rolls its increment back with it.
--
-- A registration past the cap is still recorded, with status 'held': the follow-through never
-- claims it, so it makes no board item, alert, e-mail or invoice of its own. `enterprise-followup`
-- sends one summary alert an hour at most while new ones arrive (cap_summary_sent_at), and a person
-- reviews them (docs/enterprise.md, 'Over the daily cap') and releases the genuine ones.

create table public.enterprise_registration_days (
  day date primary key,
  registrations integer not null check (registrations >= 0)
);
alter table public.enterprise_registration_days enable row level security;
revoke all on table public.enterprise_registration_days from anon, authenticated;

-- Today's registrations so far, so the cap holds across this deploy.
insert into public.enterprise_registration_days (day, registrations)
select (now() at time zone 'utc')::date, count(*)
  from public.enterprise_registrations
 where created_at >= (now() at time zone 'utc')::date::timestamp at time zone 'utc'
having count(*) > 0;

alter table public.enterprise_registrations
  drop constraint enterprise_registrations_status_check,
  add constraint enterprise_registrations_status_check check (status in ('pending', 'held', 'done', 'failed'));
create index enterprise_registrations_held on public.enterprise_registrations (created_at) where status = 'held';

alter table public.enterprise_registration_settings add column cap_summary_sent_at timestamptz;

-- What is left of enterprise_registration_limits() (20261127000000) is the time stamp: the cap is the
-- counter below, and the per-address limit moves to enterprise_registration_address_limit()
-- (20261129001000, one client address rule), in the same release. Both held a table-wide lock here.
create or replace function public.enterprise_registration_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.created_at := now();
  return new;
end
$$;

create function public.enterprise_registration_daily_cap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  counted integer;
  cap integer;
begin
  insert into public.enterprise_registration_days as days (day, registrations)
  values ((now() at time zone 'utc')::date, 1)
  on conflict (day) do update set registrations = days.registrations + 1
  returning registrations into counted;
  select daily_cap into cap from public.enterprise_registration_settings where id;
  new.over_daily_cap := counted > coalesce(cap, 50);
  new.status := case when new.over_daily_cap then 'held' else 'pending' end;
  return new;
end
$$;

revoke execute on function public.enterprise_registration_daily_cap() from public, anon, authenticated;

-- Row triggers fire in name order: the limits first, so a refused registration counts nothing.
create trigger enterprise_registrations_limits_daily_cap
  before insert on public.enterprise_registrations
  for each row execute function public.enterprise_registration_daily_cap();

-- One summary at most per hour, and only when registrations were held since the last one:
-- answers how many are held, how many of them are new, and since when (no row when none is due).
-- Atomic: of two runs at once, one claims it.
create function public.claim_enterprise_cap_summary()
returns table (held integer, new_since integer, previous timestamptz, daily_cap integer)
language sql
security definer
set search_path = ''
as $$
  with previous as (
    select cap_summary_sent_at as at from public.enterprise_registration_settings where id for update
  ),
  claimed as (
    update public.enterprise_registration_settings settings
       set cap_summary_sent_at = now()
      from previous
     where settings.id
       and (previous.at is null or previous.at <= now() - interval '1 hour')
       and exists (select from public.enterprise_registrations r
                    where r.status = 'held' and r.created_at > coalesce(previous.at, '-infinity'))
    returning previous.at, settings.daily_cap
  )
  select (select count(*)::int from public.enterprise_registrations where status = 'held'),
         (select count(*)::int from public.enterprise_registrations r where r.status = 'held' and r.created_at > coalesce(claimed.at, '-infinity')),
         claimed.at,
         claimed.daily_cap
    from claimed
$$;

-- The summary could not be sent: the next run tries again.
create function public.unclaim_enterprise_cap_summary(previous timestamptz)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.enterprise_registration_settings set cap_summary_sent_at = previous where id
$$;

-- A person reviewed a held registration and found it genuine: the follow-through takes it up. It
-- stays flagged over_daily_cap, so its sales alert asks for the e-mail and invoice by hand.
create function public.release_enterprise_registration(registration_id uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with released as (
    update public.enterprise_registrations
       set status = 'pending', next_attempt_at = now(), updated_at = now()
     where id = registration_id and status = 'held'
    returning id
  )
  select exists (select from released)
$$;

revoke execute on function public.claim_enterprise_cap_summary(), public.unclaim_enterprise_cap_summary(timestamptz),
  public.release_enterprise_registration(uuid) from public, anon, authenticated;
grant execute on function public.claim_enterprise_cap_summary(), public.unclaim_enterprise_cap_summary(timestamptz),
  public.release_enterprise_registration(uuid) to service_role;
