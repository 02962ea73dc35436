-- Where a record came from (issue 44 points 1, 2 and 7; docs/attribution.md holds the shape):
-- the visit's ad click (platform, keyword, click ids, click time, landing URL) and the consent the
-- visitor had given when the record was sent. A jsonb column on each record rather than a table of
-- its own: one value per record, written with it in the same insert, read with it, and erased by the
-- same retention update as the record's other personal fields, with no join and no orphan to purge.
-- Its shape is checked by the shared schema (src/schemas/attribution.ts) in the functions before it
-- is stored; the database only bounds it.
alter table public.leads
  add column attribution jsonb
    constraint leads_attribution_check check (jsonb_typeof(attribution) = 'object' and octet_length(attribution::text) <= 4096);
alter table public.enterprise_registrations
  add column attribution jsonb
    constraint enterprise_registrations_attribution_check
      check (jsonb_typeof(attribution) = 'object' and octet_length(attribution::text) <= 4096),
  -- The earlier lead by the same e-mail, linked once the registrant confirmed the address (never before).
  add column lead_submission_id uuid;
alter table public.lead_bookings
  add column attribution jsonb
    constraint lead_bookings_attribution_check check (jsonb_typeof(attribution) = 'object' and octet_length(attribution::text) <= 4096);

comment on column public.leads.attribution is 'The ad click and consent when the lead was sent (docs/attribution.md); erased with the lead.';
comment on column public.enterprise_registrations.attribution is
  'The ad click and consent when the registration was sent, else its confirmed-e-mail lead''s (docs/attribution.md).';
comment on column public.enterprise_registrations.lead_submission_id is
  'The latest earlier lead with the same e-mail, linked when the registrant confirmed the address.';
comment on column public.lead_bookings.attribution is 'The attribution of the lead this booking proved (signed reference), else null.';

create index enterprise_registrations_lead_idx on public.enterprise_registrations (lead_submission_id) where lead_submission_id is not null;

-- A booking proven to belong to a lead (lead_id is set only by a verified signature, decision 027)
-- inherits that lead's attribution. An unproven one (possible_lead_id) inherits nothing.
create function public.lead_bookings_inherit_attribution()
returns trigger
language plpgsql
security invoker
set search_path = public, pg_temp
as $function$
begin
  if new.lead_id is not null and new.attribution is null then
    select attribution into new.attribution from public.leads where id = new.lead_id;
  end if;
  return new;
end
$function$;

revoke all on function public.lead_bookings_inherit_attribution() from public, anon, authenticated;

create trigger lead_bookings_inherit_attribution
  before insert or update of lead_id on public.lead_bookings
  for each row execute function public.lead_bookings_inherit_attribution();

-- Confirming the address is what links a registration to an earlier lead by the same e-mail: an
-- address nobody proved links nothing (issue 42's side-door rule). The latest lead before the
-- registration, not spam and not yet anonymised; its attribution is inherited when the registration
-- came without a click of its own. Otherwise as 20261130010000_enterprise_email_confirmation.sql.
create or replace function public.confirm_enterprise_registration(registration_id uuid)
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
  perform public.link_registration_to_lead(found_id);
  perform public.wake_edge_function('enterprise-followup');
  return 'confirmed';
end
$$;

revoke execute on function public.confirm_enterprise_registration(uuid) from public, anon, authenticated;

-- The link itself, for a registration whose address is confirmed; does nothing otherwise.
create function public.link_registration_to_lead(registration_id uuid)
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

-- Click ids are kept no longer than the lead: the bookings that follow a lead lose theirs with its
-- other personal fields. Otherwise as 20261201020000_booking_proof.sql.
create or replace function public.lead_bookings_follow_lead()
returns trigger
language plpgsql
security invoker
set search_path = public, pg_temp
as $function$
declare
  gone bigint := case when tg_op = 'DELETE' then old.id else new.id end;
begin
  update public.lead_bookings set attendee_name = '', attendee_email = '', attendee_phone = '', attribution = null
  where lead_id = gone or possible_lead_id = gone;
  return case when tg_op = 'DELETE' then old else new end;
end
$function$;

-- The nightly erasure (decision 014) covers attribution on all three tables: with a lead's other
-- personal fields, and on registrations and bookings once they are older than the lead retention.
-- Otherwise as 20261125000100_leads_retention.sql.
create or replace function public.purge_lead_personal_data(retention_days integer default null, spam_days integer default 30)
returns table (anonymised integer, spam_deleted integer)
language plpgsql
security invoker
set search_path = public, pg_temp
as $function$
declare
  keep_days integer := coalesce(retention_days, nullif(current_setting('app.lead_retention_days', true), '')::integer, 90);
begin
  if keep_days < 1 or spam_days < 1 then
    raise exception 'retention must be at least one day (got % and %)', keep_days, spam_days;
  end if;

  update public.leads
     set lead = '{}'::jsonb,
         tracking = '{}'::jsonb,
         attribution = null,
         source = jsonb_strip_nulls(jsonb_build_object('path', source -> 'path', 'label', source -> 'label')),
         review_check = null,
         last_error = null,
         anonymised_at = now(),
         updated_at = now()
   where status = 'delivered'
     and anonymised_at is null
     and coalesce(delivered_at, created_at) < now() - make_interval(days => keep_days);
  get diagnostics anonymised = row_count;

  delete from public.leads
   where status = 'spam'
     and created_at < now() - make_interval(days => spam_days);
  get diagnostics spam_deleted = row_count;

  update public.enterprise_registrations set attribution = null
   where attribution is not null and created_at < now() - make_interval(days => keep_days);
  update public.lead_bookings set attribution = null
   where attribution is not null and created_at < now() - make_interval(days => keep_days);

  return next;
end
$function$;

revoke all on function public.purge_lead_personal_data(integer, integer) from public, anon, authenticated;
grant execute on function public.purge_lead_personal_data(integer, integer) to service_role;
