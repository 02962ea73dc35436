-- One client address, one way (issue 35 point 4; docs/client-address.md, decision 020).
--
-- client_address_key(headers, trusted_header) is THE rule that turns a request's headers into the key
-- every per-address limit counts by. The enterprise registration trigger below calls it, and the edge
-- functions (leads, ai-reply, review-check, places) call it through their SQL connection, so the rule
-- is written once:
--   * only `trusted_header` is read: the header the platform overwrites on every request
--     (cf-connecting-ip, set by Cloudflare in front of Supabase). x-forwarded-for, x-real-ip and every
--     other header are what the client wrote, and are ignored;
--   * the value is parsed as ONE address: case, zero padding, a port (`1.2.3.4:443`, `[v6]:443`),
--     brackets and IPv4-mapped IPv6 (`::ffff:1.2.3.4`) all give the same key; anything else (a list,
--     a prefix, a name, garbage) is not an address;
--   * IPv4 is keyed per address ('203.0.113.7'), IPv6 per /64 ('2001:db8:1:2::/64'), since one home
--     connection holds a whole /64;
--   * null when there is no such header or it is not an address: the caller counts the request in one
--     shared bucket with its own limit.
create function public.client_address_key(headers json, trusted_header text default 'cf-connecting-ip')
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  raw text := lower(btrim(headers ->> lower(btrim(trusted_header))));
  address inet;
begin
  if raw is null or raw = '' or length(raw) > 64 then
    return null;
  end if;
  if raw ~ '^\[[0-9a-f:.]+\](:[0-9]{1,5})?$' then
    raw := substring(raw from '^\[([0-9a-f:.]+)\]');
  elsif raw ~ '^[0-9]{1,3}(\.[0-9]{1,3}){3}:[0-9]{1,5}$' then
    raw := split_part(raw, ':', 1);
  end if;
  if raw !~ '^[0-9]{1,3}(\.[0-9]{1,3}){3}$' and raw !~ '^[0-9a-f.]*:[0-9a-f:.]*$' then
    return null;
  end if;
  begin
    address := raw::inet;
  exception when others then
    return null;
  end;
  if masklen(address) <> (case family(address) when 4 then 32 else 128 end) then
    return null;
  end if;
  if family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := '0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet);
  end if;
  if family(address) = 4 then
    return host(address);
  end if;
  return host(network(set_masklen(address, 64))) || '/64';
end
$$;

comment on function public.client_address_key(json, text) is
  'The key per-address limits count by: the trusted header parsed as one address, IPv4 per address, IPv6 per /64; null = the shared bucket. docs/client-address.md';

-- The functions' database role runs it; the API roles have no use for it.
revoke execute on function public.client_address_key(json, text) from public, anon, authenticated;
grant execute on function public.client_address_key(json, text) to service_role;

-- The trigger's settings: which header to trust (change it only if the platform in front changes),
-- and the shared bucket's own hourly limit (requests with no trusted address, all counted together).
alter table public.enterprise_registration_settings
  add column client_address_header text not null default 'cf-connecting-ip'
    check (client_address_header = lower(btrim(client_address_header)) and client_address_header <> ''),
  add column shared_hourly_limit integer not null default 20 check (shared_hourly_limit > 0);

-- The per-address limit of enterprise registrations, by client_address_key. It runs after
-- enterprise_registrations_limits (triggers of one event fire in name order), which since
-- 20261129000000 only stamps the time, and sets client_address_hash itself. A per-key advisory lock
-- serialises inserts of one key only, so concurrent inserts from one address cannot all slip under its limit.
create function public.enterprise_registration_address_limit()
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
  -- Not through the API (a migration, a service-role script): no client address to limit.
  if headers is null then
    new.client_address_hash := null;
    return new;
  end if;
  select * into settings from public.enterprise_registration_settings where id;
  key := public.client_address_key(headers, settings.client_address_header);
  new.client_address_hash := encode(sha256(convert_to(
    settings.address_salt || '|client-address-key|' || coalesce(key, 'shared'), 'UTF8')), 'hex');
  -- A retry of a registration already in is answered by the unique key (success), never refused here.
  if exists (select 1 from public.enterprise_registrations where submission_id = new.submission_id) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('enterprise_registrations/' || new.client_address_hash));
  select count(*) into recent
    from public.enterprise_registrations
   where client_address_hash = new.client_address_hash and created_at > now() - interval '1 hour';
  if recent >= (case when key is null then settings.shared_hourly_limit else settings.per_address_hourly_limit end) then
    -- PostgREST answers a PTxyz SQLSTATE with HTTP status xyz: 429 here.
    raise exception 'Too many registrations from this network'
      using errcode = 'PT429',
            detail = 'enterprise_registrations: rate limited',
            hint = 'Try again in an hour, or call the agency.';
  end if;
  return new;
end
$$;

revoke execute on function public.enterprise_registration_address_limit() from public, anon, authenticated;

create trigger enterprise_registrations_per_address
  before insert on public.enterprise_registrations
  for each row execute function public.enterprise_registration_address_limit();
