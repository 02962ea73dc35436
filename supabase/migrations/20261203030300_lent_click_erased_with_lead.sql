-- Issue 44 point 7: click ids are kept no longer than the lead. A registration that came without a
-- click inherits its linked lead's (link_registration_to_lead), and that copy used to be erased only
-- 90 days after the registration, so it outlived the lead's erasure by as long as the customer took
-- to register. When a lead is anonymised (the nightly erasure) or deleted, a linked registration
-- whose click is that lead's loses its attribution with it; a registrant's own click stays theirs.
create function public.registrations_follow_lead_click()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(old.attribution -> 'clickIds', '{}'::jsonb) <> '{}'::jsonb then
    update public.enterprise_registrations r set attribution = null, updated_at = now()
     where r.lead_submission_id = old.submission_id and r.attribution -> 'clickIds' = old.attribution -> 'clickIds';
  end if;
  return null;
end
$$;

revoke all on function public.registrations_follow_lead_click() from public, anon, authenticated;

create trigger leads_anonymise_lent_click
  after update of anonymised_at on public.leads
  for each row when (old.anonymised_at is null and new.anonymised_at is not null)
  execute function public.registrations_follow_lead_click();

create trigger leads_delete_lent_click
  after delete on public.leads
  for each row execute function public.registrations_follow_lead_click();
