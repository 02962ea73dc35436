-- Issue 44 review: the consent given last governs (docs/ad-conversions.md). A registration that came
-- without a click inherits its linked lead's click, but used to take the lead's whole attribution,
-- consent included: a registrant who refused advertising when registering was then reported for the
-- purchase under the consent they gave on the earlier lead form. The click, page and user agent are
-- the lead's; the consent stays the registrant's when they were asked (their attribution holds one).
-- Otherwise as 20261203030000_link_no_bot_lead.sql.
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
             then case
               when lead.attribution is null then attribution
               when attribution ? 'consent' then jsonb_set(lead.attribution, '{consent}', attribution -> 'consent')
               else lead.attribution end
           else attribution end,
         updated_at = now()
   where id = registration_id;
  return lead.submission_id;
end
$$;

revoke execute on function public.link_registration_to_lead(uuid) from public, anon, authenticated;
