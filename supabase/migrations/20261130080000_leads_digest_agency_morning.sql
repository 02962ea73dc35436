-- The digest reaches sales at 07:00 in the agency's time zone (AGENCY_TIME_ZONE), summer time
-- included: the `leads-digest` job now wakes the function every hour, and the function sends only
-- from 07:00 agency time on, once per agency day. The day is claimed here before the digest goes
-- out, so two calls in the same hour send one digest; a digest no channel took gives its day back,
-- and the next hour tries again.
create table public.lead_digest_days (
  day date primary key,
  sent_at timestamptz not null default now()
);

alter table public.lead_digest_days enable row level security;
revoke all on table public.lead_digest_days from anon, authenticated;
grant select, insert, delete on table public.lead_digest_days to service_role;

select public.schedule_edge_function('leads-digest', '0 * * * *', 'leads-digest', 30000);
