-- The daily confirmation request (issue 43 point 2): taking the address's one request of the day
-- and recording that this registration holds it (`confirm_slot_at`), or that it is over the limit
-- (`confirm_limited_at`), happen in one transaction. Before, the slot was taken, committed, and
-- recorded by a second statement: a worker killed between the two left the address's request used
-- up by nobody, and the next run found the registration over the limit (no request, so no welcome
-- and no invoice).
--
-- Only while the registration is pending under the caller's claim (the guard every outbox write
-- has): answers 'slot' or 'limited' (already recorded ones are answered as they are, nothing taken
-- again), or 'lost' when a newer claim owns the registration (nothing taken, nothing written).
create function public.take_enterprise_confirm_slot(registration_id uuid, claim uuid, at timestamptz default now())
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  registration record;
begin
  select id, email, confirm_slot_at, confirm_limited_at into registration
    from public.enterprise_registrations
   where id = registration_id and claim_token = claim and status = 'pending'
     for update;
  if not found then
    return 'lost';
  end if;
  if registration.confirm_slot_at is not null then
    return 'slot';
  end if;
  if registration.confirm_limited_at is not null then
    return 'limited';
  end if;
  if public.claim_enterprise_confirm_request(registration.email) then
    update public.enterprise_registrations set confirm_slot_at = at, updated_at = now() where id = registration_id;
    return 'slot';
  end if;
  update public.enterprise_registrations set confirm_limited_at = at, updated_at = now() where id = registration_id;
  return 'limited';
end
$$;

revoke execute on function public.take_enterprise_confirm_slot(uuid, uuid, timestamptz) from public, anon, authenticated;
