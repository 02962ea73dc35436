-- The 'Needs a look' summary's key names the moment its count starts from (the previous summary),
-- not the hour it is made: each claim moves that moment on, so each summary has its own key even
-- when the summary's clock is moved by hand (an operator, a test).
create or replace function public.queue_needs_a_look_summary()
returns table (previous timestamptz, unverified_leads integer, spam_leads integer, unverified_registrations integer,
               held_registrations integer, off_board_registrations integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed record;
begin
  select * into claimed from public.claim_needs_a_look_summary();
  if claimed.previous is null then
    return;
  end if;
  perform public.notify(
    'needs-a-look',
    'needs-a-look:' || to_char(claimed.previous at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'sales',
    jsonb_build_object(
      'previous', claimed.previous, 'unverifiedLeads', claimed.unverified_leads, 'spamLeads', claimed.spam_leads,
      'unverifiedRegistrations', claimed.unverified_registrations, 'heldRegistrations', claimed.held_registrations,
      'offBoardRegistrations', claimed.off_board_registrations
    )
  );
  return query select claimed.previous, claimed.unverified_leads, claimed.spam_leads, claimed.unverified_registrations,
                      claimed.held_registrations, claimed.off_board_registrations;
end
$$;
