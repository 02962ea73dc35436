-- Staff decide on the board (issue 42): a person sets a record's status column in the board's
-- 'Needs a look' group to 'Release' or 'Not genuine'; the board's webhook records the choice here
-- and the outbox acts on it. Null: nobody has decided.
alter table public.leads
  add column staff_decision text constraint leads_staff_decision_check check (staff_decision in ('release', 'not-genuine')),
  add column staff_decided_at timestamptz;

alter table public.enterprise_registrations
  add column staff_decision text
    constraint enterprise_registrations_staff_decision_check check (staff_decision in ('release', 'not-genuine')),
  add column staff_decided_at timestamptz;

alter table public.lead_bookings
  add column staff_decision text constraint lead_bookings_staff_decision_check check (staff_decision in ('release', 'not-genuine')),
  add column staff_decided_at timestamptz;
