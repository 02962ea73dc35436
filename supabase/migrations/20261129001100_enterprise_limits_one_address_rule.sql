-- The two halves of issue 35 meet (points 4 and 5): the per-address limit now lives in
-- enterprise_registration_address_limit() (20261129001000, one client address rule) and the daily
-- cap in enterprise_registration_daily_cap() (20261129000000, a counter row). What was left of
-- enterprise_registration_limits() keyed on the header text as written, counted nothing since the
-- hash format changed, and still took an advisory lock per raw header: it keeps only the time stamp.
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
