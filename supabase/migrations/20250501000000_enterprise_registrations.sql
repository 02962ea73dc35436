-- Enterprise registrations (SPEC §3, §7 call 3; DESIGN.md deviation 2).
-- Visitors insert with the public anon key and must never read, change or delete a row.
-- Supabase's default privileges give anon and authenticated ALL on every new table in public,
-- so row level security is what protects this table: it is enabled with one policy, INSERT for
-- anon. There is no SELECT, UPDATE or DELETE policy for anyone, and the privileges RLS does not
-- cover (TRUNCATE, REFERENCES, TRIGGER) are revoked, as are SELECT/UPDATE/DELETE as a second layer.
-- The browser inserts with `Prefer: return=minimal` and reads nothing back.
-- Every CHECK mirrors a rule of src/schemas/enterprise.ts, which the form, the mock and the tests share.

create table public.enterprise_registrations (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null
    constraint enterprise_registrations_name_check
    check (name = btrim(name) and char_length(name) between 2 and 50 and name ~ '^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F ''-]+$'),
  email text not null
    constraint enterprise_registrations_email_check
    check (
      email = lower(btrim(email))
      and char_length(email) <= 254
      and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'
    ),
  phone text not null
    constraint enterprise_registrations_phone_check
    check (phone ~ '^\+[1-9][0-9]{1,16}$'),
  company_name text not null
    constraint enterprise_registrations_company_name_check
    check (
      company_name = btrim(company_name)
      and char_length(company_name) between 2 and 100
      and company_name ~ '^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F0-9 &.,()-]+$'
    ),
  full_address text not null
    constraint enterprise_registrations_full_address_check
    check (full_address = btrim(full_address) and char_length(full_address) between 5 and 200),
  seats text not null
    constraint enterprise_registrations_seats_check
    check (seats in ('1-10', '11-50', '51-100', '100+')),
  selected_plan text not null
    constraint enterprise_registrations_selected_plan_check
    check (selected_plan in ('starter', 'growth')),
  -- 'quarterly' is the value the site labels 'Annually' (SPEC §3 keeps both readings).
  billing_cycle text not null
    constraint enterprise_registrations_billing_cycle_check
    check (billing_cycle in ('quarterly', 'biannually')),
  -- Exactly the four acceptances, each true.
  legal_agreements jsonb not null
    constraint enterprise_registrations_legal_agreements_check
    check (legal_agreements = '{"terms": true, "privacy": true, "cookies": true, "dpa": true}'::jsonb)
);

comment on table public.enterprise_registrations is
  'Enterprise package registrations from the public site. Anonymous visitors may insert only; nobody reads through the API.';

alter table public.enterprise_registrations enable row level security;

create policy "Visitors can register"
  on public.enterprise_registrations
  for insert
  to anon
  with check (true);

revoke select, update, delete, truncate, references, trigger on public.enterprise_registrations from anon, authenticated;
revoke insert on public.enterprise_registrations from authenticated;
grant insert on public.enterprise_registrations to anon;
