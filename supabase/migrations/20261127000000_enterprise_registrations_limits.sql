-- Enterprise registrations are recorded once and cannot be used to flood the table (issue 28, points 1-2).
--
-- submission_id: the uuid the wizard keeps across retries of one registration; a retried insert hits
-- its unique key (409 / 23505), which the browser counts as success.
--
-- The per-address limit runs on the anonymous insert itself (a BEFORE INSERT trigger), on the
-- address Supabase's API gateway passes to PostgREST in `request.headers`. Supabase's "Securing your
-- API" guide rate-limits per IP with the first address of `x-forwarded-for`; Supabase's own
-- discussions (supabase/discussions #34647, #52040) show that header can be set by the client, while
-- `cf-connecting-ip` is written by Cloudflare in front of the gateway. So `cf-connecting-ip` is read
-- first and the first `x-forwarded-for` address only when it is absent. Only a salted SHA-256 of the
-- address is kept. The salt is drawn at random when this migration runs and kept in
-- enterprise_registration_settings, which no API role can read (a settings table rather than Vault,
-- so the migration also runs on plain PostgreSQL, as the Cron migrations do).
--
-- The daily cap (ENTERPRISE_DAILY_CAP, default 50, in enterprise_registration_settings) refuses
-- nothing: a registration past it is recorded with over_daily_cap, and the follow-through sends
-- the sales alert only, so a person decides.

alter table public.enterprise_registrations
  add column submission_id uuid,
  add column client_address_hash text,
  add column over_daily_cap boolean not null default false;

update public.enterprise_registrations set submission_id = gen_random_uuid() where submission_id is null;

alter table public.enterprise_registrations
  alter column submission_id set not null,
  add constraint enterprise_registrations_submission_id_key unique (submission_id);

create index enterprise_registrations_address_recent
  on public.enterprise_registrations (client_address_hash, created_at);
create index enterprise_registrations_created_at on public.enterprise_registrations (created_at);

-- Anon inserts the spec's fields and its submission_id only; the time, the address hash and the
-- cap flag are the database's.
revoke insert on public.enterprise_registrations from anon;
grant insert (submission_id, name, email, phone, company_name, full_address, seats, selected_plan, billing_cycle, legal_agreements)
  on public.enterprise_registrations to anon;

create table public.enterprise_registration_settings (
  id boolean primary key default true constraint enterprise_registration_settings_one_row check (id),
  per_address_hourly_limit integer not null default 5 check (per_address_hourly_limit > 0),
  -- ENTERPRISE_DAILY_CAP: registrations in 24 hours past which no e-mail or invoice goes out automatically.
  daily_cap integer not null default 50 check (daily_cap >= 0),
  address_salt text not null
    default encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex')
);
insert into public.enterprise_registration_settings default values;
alter table public.enterprise_registration_settings enable row level security;
revoke all on public.enterprise_registration_settings from anon, authenticated;

create function public.enterprise_registration_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  headers json := nullif(current_setting('request.headers', true), '')::json;
  address text;
  settings public.enterprise_registration_settings;
  recent integer;
begin
  select * into settings from public.enterprise_registration_settings where id;
  new.created_at := now();
  -- One at a time, so concurrent inserts cannot all slip under a limit.
  perform pg_advisory_xact_lock(hashtext('public.enterprise_registrations'));

  -- Not through the API (a migration, a service-role script): no client address to limit.
  if headers is not null then
    address := coalesce(
      nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
      nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''),
      'unknown'
    );
    new.client_address_hash := encode(sha256(convert_to(
      settings.address_salt || '|' || address,
      'UTF8')), 'hex');
    -- A retry of a registration already in is answered by the unique key (success), never refused here.
    if not exists (select 1 from public.enterprise_registrations where submission_id = new.submission_id) then
      select count(*) into recent
        from public.enterprise_registrations
       where client_address_hash = new.client_address_hash and created_at > now() - interval '1 hour';
      if recent >= coalesce(settings.per_address_hourly_limit, 5) then
        -- PostgREST answers a PTxyz SQLSTATE with HTTP status xyz: 429 here.
        raise exception 'Too many registrations from this network'
          using errcode = 'PT429',
                detail = 'enterprise_registrations: rate limited',
                hint = 'Try again in an hour, or call the agency.';
      end if;
    end if;
  else
    new.client_address_hash := null;
  end if;

  select count(*) into recent from public.enterprise_registrations where created_at > now() - interval '1 day';
  new.over_daily_cap := recent >= coalesce(settings.daily_cap, 50);
  return new;
end
$$;

revoke execute on function public.enterprise_registration_limits() from public, anon, authenticated;

create trigger enterprise_registrations_limits
  before insert on public.enterprise_registrations
  for each row execute function public.enterprise_registration_limits();
