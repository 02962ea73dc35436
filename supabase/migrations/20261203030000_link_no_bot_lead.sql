-- Issue 44 review: a registration inherits the click of the lead it is linked to, and its purchase is
-- reported to that click. Anyone can post a lead with a customer's address and a click id, so only a
-- lead that may be genuine lends its click: not spam, not a failed bot check (verified false), not
-- called 'not-genuine' by staff (the lead itself is never reported either). A lead recorded while the
-- check was off (verified null) still links, as before. Otherwise as 20261202050000_attribution.sql.
create or replace function public.link_registration_to_lead(registration_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  registration record;
  lead record;
begin
  select id, email, created_at, attribution, email_confirmed_at into registration
    from public.enterprise_registrations where id = registration_id for update;
  if registration.id is null or registration.email_confirmed_at is null then
    return null;
  end if;
  select l.submission_id, l.attribution into lead
    from public.leads l
   where lower(l.lead ->> 'email') = lower(btrim(registration.email))
     and l.status <> 'spam' and l.anonymised_at is null
     and l.verified is distinct from false and l.staff_decision is distinct from 'not-genuine'
     and l.created_at <= registration.created_at
   order by l.created_at desc
   limit 1;
  if lead.submission_id is null then
    return null;
  end if;
  update public.enterprise_registrations
     set lead_submission_id = lead.submission_id,
         attribution = case
           when attribution is null or coalesce(attribution -> 'clickIds', '{}'::jsonb) = '{}'::jsonb
             then coalesce(lead.attribution, attribution)
           else attribution end,
         updated_at = now()
   where id = registration_id;
  return lead.submission_id;
end
$$;

revoke execute on function public.link_registration_to_lead(uuid) from public, anon, authenticated;
