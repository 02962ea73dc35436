-- Proof of the address before anything is sent to it (issue 35 point 2, docs/decisions/021).
--
-- The registrant's first e-mail is a request to confirm, with a signed link to the site's /confirm
-- page (no text the registrant typed). Only once they press its button (`enterprise-confirm`) does
-- the follow-through send the welcome e-mail and the Stripe invoice. Meanwhile the registration
-- waits in status 'awaiting-confirmation': not claimed, no attempt used. Confirming puts it back to
-- 'pending' with its attempts reset, and wakes `enterprise-followup` as an insert does.
--
-- Steps, each recorded in its own column as the follow-through goes:
--   confirm_slot_at          the address's one request of the day was taken for this request
--   confirm_limited_at       the address already had its request today: none was sent (sales is told)
--   confirm_link_issued_at   the issue time the current link is signed with (a new link replaces it)
--   confirm_request_sent_at  the request e-mail went out
--   email_confirmed_at       the registrant pressed the button
--   confirmed_note_at        the board item got the 'E-mail confirmed' update
alter table public.enterprise_registrations
  add column confirm_slot_at timestamptz,
  add column confirm_limited_at timestamptz,
  add column confirm_link_issued_at timestamptz,
  add column confirm_request_sent_at timestamptz,
  add column email_confirmed_at timestamptz,
  add column confirmed_note_at timestamptz;

alter table public.enterprise_registrations
  drop constraint enterprise_registrations_status_check,
  add constraint enterprise_registrations_status_check
    check (status in ('pending', 'held', 'awaiting-confirmation', 'done', 'failed'));

-- At most one confirmation request a day (UTC) per recipient address, counted by the SHA-256 of the
-- lower-cased address (no address is kept here), and only for today and yesterday.
create table public.enterprise_confirm_requests (
  address_hash text not null,
  day date not null,
  requests integer not null check (requests >= 0),
  primary key (address_hash, day)
);
alter table public.enterprise_confirm_requests enable row level security;
revoke all on table public.enterprise_confirm_requests from anon, authenticated;

-- True when this request is within the address's daily allowance (and counts it); false over it.
create function public.claim_enterprise_confirm_request(recipient text, per_day integer default 1)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  counted integer;
begin
  delete from public.enterprise_confirm_requests where day < (now() at time zone 'utc')::date - 1;
  insert into public.enterprise_confirm_requests as requests (address_hash, day, requests)
  values (encode(sha256(convert_to(lower(btrim(recipient)), 'UTF8')), 'hex'), (now() at time zone 'utc')::date, 1)
  on conflict (address_hash, day) do update set requests = requests.requests + 1
  returning requests into counted;
  return counted <= per_day;
end
$$;

revoke execute on function public.claim_enterprise_confirm_request(text, integer) from public, anon, authenticated;

-- Wakes an edge function at once. The Cron job every minute is what guarantees the work is done, so
-- a call that cannot be made (no pg_net, no Vault secrets) is a warning and never fails the caller.
create function public.wake_edge_function(function_name text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.call_edge_function(function_name, 55000);
exception
  when others then
    raise warning '% not woken: % (the Cron job runs it within a minute)', function_name, sqlerrm;
end
$$;

revoke execute on function public.wake_edge_function(text) from public, anon, authenticated;

-- Marks the registration confirmed ('confirmed'), or answers 'already-confirmed' or 'unknown'.
-- A waiting registration goes back to the queue with fresh attempts, and the follow-through is woken.
create function public.confirm_enterprise_registration(registration_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_id uuid;
begin
  update public.enterprise_registrations
     set email_confirmed_at = now(), updated_at = now(),
         status = case when status in ('awaiting-confirmation', 'done') then 'pending' else status end,
         attempts = case when status in ('awaiting-confirmation', 'done') then 0 else attempts end,
         next_attempt_at = now()
   where id = registration_id and email_confirmed_at is null
  returning id into found_id;
  if found_id is null then
    return case when exists (select from public.enterprise_registrations where id = registration_id)
                then 'already-confirmed' else 'unknown' end;
  end if;
  perform public.wake_edge_function('enterprise-followup');
  return 'confirmed';
end
$$;

revoke execute on function public.confirm_enterprise_registration(uuid) from public, anon, authenticated;

-- A new link for an expired one: counted against the address's day like the first, then the
-- follow-through issues and sends it. Answers 'queued', 'limited', 'already-confirmed' or 'unknown'.
create function public.request_new_enterprise_confirm_link(registration_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  registration record;
begin
  select id, email, email_confirmed_at, status into registration
    from public.enterprise_registrations where id = registration_id for update;
  if registration.id is null then
    return 'unknown';
  end if;
  if registration.email_confirmed_at is not null then
    return 'already-confirmed';
  end if;
  -- Still being worked (its request is on the way): nothing to add, nothing counted.
  if registration.status not in ('awaiting-confirmation', 'done') then
    return 'queued';
  end if;
  if not public.claim_enterprise_confirm_request(registration.email) then
    return 'limited';
  end if;
  update public.enterprise_registrations
     set confirm_slot_at = now(), confirm_limited_at = null, confirm_link_issued_at = null,
         confirm_request_sent_at = null, status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
   where id = registration_id;
  perform public.wake_edge_function('enterprise-followup');
  return 'queued';
end
$$;

revoke execute on function public.request_new_enterprise_confirm_link(uuid) from public, anon, authenticated;
