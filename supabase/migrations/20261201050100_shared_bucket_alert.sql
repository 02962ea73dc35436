-- Limits nobody can turn on everyone (issue 42 point 5; docs/client-address.md).
--
-- A request without a usable trusted header (cf-connecting-ip) is counted in one shared bucket, and
-- once that bucket is full every such visitor is refused. Behind Cloudflare it stays empty, so any use
-- of it means the platform is not setting the header: an ops alert (once an hour, through
-- lead_alert_state like every other alert condition) and a reason in leads-health.

-- The functions count the shared bucket under the literal client 'shared' (never an address hash, so
-- the database can find it), and stamp each hit, so "used in the last hour" is exact.
alter table public.request_limits add column last_hit_at timestamptz not null default now();

-- What used the shared bucket within `recent`: each function's bucket (request_limits) and the
-- registrations the insert trigger keyed as 'shared' (20261129001000: its hash of 'shared').
create function public.shared_bucket_use(recent interval default interval '1 hour')
returns table (source text, uses integer, last_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select bucket, sum(hits)::integer, max(last_hit_at)
    from public.request_limits
   where client_hash = 'shared' and last_hit_at > now() - recent
   group by bucket
  union all
  select 'enterprise-registrations', count(*)::integer, max(r.created_at)
    from public.enterprise_registrations r, public.enterprise_registration_settings s
   where s.id
     and r.client_address_hash = encode(sha256(convert_to(s.address_salt || '|client-address-key|shared', 'UTF8')), 'hex')
     and r.created_at > now() - recent
  having count(*) > 0
$$;

comment on function public.shared_bucket_use(interval) is
  'Requests counted in the shared bucket (no usable trusted client-address header) within the interval, by source. docs/client-address.md';

revoke execute on function public.shared_bucket_use(interval) from public, anon, authenticated;
grant execute on function public.shared_bucket_use(interval) to service_role;

-- The alert state takes the new condition. The check is rebuilt from the names it allows now, so a
-- condition another migration added before this one is kept.
do $$
declare
  allowed text[];
begin
  select array_agg(m[1]) into allowed
    from pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') as m
   where c.conrelid = 'public.lead_alert_state'::regclass and c.conname = 'lead_alert_state_condition_check';
  alter table public.lead_alert_state drop constraint lead_alert_state_condition_check;
  execute format(
    'alter table public.lead_alert_state add constraint lead_alert_state_condition_check check (condition in (%s))',
    (select string_agg(quote_literal(name), ', ' order by name) from (select distinct unnest(allowed || array['shared-bucket'])) as names(name)));
end
$$;
