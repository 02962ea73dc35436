-- One 'Needs a look' summary for sales, at most once an hour and only when something new arrived
-- (issue 42 point 1; docs/lead-alerts.md, 'Needs a look'). Unverified leads and registrations, leads
-- flagged as spam and registrations held past a daily cap page nobody one by one: they wait in the
-- board's 'Needs a look' group, and this counts them. It replaces the cap summary of 20261129000000.
-- Either worker (leads-redeliver, enterprise-followup) may send it: of two runs at once, one claims it.
create table public.needs_a_look_summary (
  id boolean primary key default true constraint needs_a_look_summary_one_row check (id),
  sent_at timestamptz not null
);
-- Only what arrives from now on is news.
insert into public.needs_a_look_summary (sent_at) values (now());
alter table public.needs_a_look_summary enable row level security;
revoke all on table public.needs_a_look_summary from anon, authenticated;

-- The classes never overlap: a lead flagged as spam counts as spam whatever its bot check; an
-- unverified registration past its own allowance counts as 'off_board' (recorded, not on the board).
create function public.needs_a_look_counts(since timestamptz)
returns table (unverified_leads integer, spam_leads integer, unverified_registrations integer,
               held_registrations integer, off_board_registrations integer)
language sql
stable
security definer
set search_path = ''
as $$
  select
    (select count(*)::int from public.leads
      where created_at > since and status <> 'spam' and verified is false and staff_decision is null),
    (select count(*)::int from public.leads where created_at > since and status = 'spam' and staff_decision is null),
    (select count(*)::int from public.enterprise_registrations
      where created_at > since and not verified and not over_daily_cap and staff_decision is null),
    (select count(*)::int from public.enterprise_registrations
      where created_at > since and verified and over_daily_cap and staff_decision is null),
    (select count(*)::int from public.enterprise_registrations
      where created_at > since and not verified and over_daily_cap and staff_decision is null)
$$;

create function public.claim_needs_a_look_summary()
returns table (previous timestamptz, unverified_leads integer, spam_leads integer, unverified_registrations integer,
               held_registrations integer, off_board_registrations integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  last timestamptz;
  counts record;
begin
  select sent_at into last from public.needs_a_look_summary where id for update;
  if last > now() - interval '1 hour' then
    return;
  end if;
  select * into counts from public.needs_a_look_counts(last);
  if counts.unverified_leads + counts.spam_leads + counts.unverified_registrations + counts.held_registrations
     + counts.off_board_registrations = 0 then
    return;
  end if;
  update public.needs_a_look_summary set sent_at = now() where id;
  return query select last, counts.unverified_leads, counts.spam_leads, counts.unverified_registrations,
                      counts.held_registrations, counts.off_board_registrations;
end
$$;

-- The summary could not be sent: the next run claims it again.
create function public.unclaim_needs_a_look_summary(previous timestamptz)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.needs_a_look_summary set sent_at = previous where id
$$;

revoke execute on function public.needs_a_look_counts(timestamptz), public.claim_needs_a_look_summary(),
  public.unclaim_needs_a_look_summary(timestamptz) from public, anon, authenticated;
grant execute on function public.needs_a_look_counts(timestamptz), public.claim_needs_a_look_summary(),
  public.unclaim_needs_a_look_summary(timestamptz) to service_role;
