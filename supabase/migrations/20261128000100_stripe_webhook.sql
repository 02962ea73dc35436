-- Payment activates (issue 28 point 4): the `stripe-webhook` function turns a signed `invoice.paid`
-- for a registration's invoice (found by the invoice's metadata.registration_id) into one
-- 'Paid: activate <company>'s account' alert.
--
-- paid_at / paid_invoice_id: set in the same transaction that sends that alert, and only while
-- paid_at is null, so a second event for the same invoice (Stripe may send invoice.paid again under
-- another event id) alerts nothing.
--
-- stripe_webhook_events: the event ids handled. The function inserts the id first in that
-- transaction (on conflict do nothing): a replay finds it and changes nothing, and a delivery
-- running at the same time waits on the primary key until the first one commits (then finds it)
-- or rolls back because its alert failed (then handles it itself). Only the function's database
-- role touches these; no API role can.
alter table public.enterprise_registrations
  add column paid_at timestamptz,
  add column paid_invoice_id text;

create table public.stripe_webhook_events (
  event_id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);

comment on table public.stripe_webhook_events is
  'Stripe webhook events handled by the stripe-webhook function (replay protection). Not readable through the API.';

alter table public.stripe_webhook_events enable row level security;
revoke all on table public.stripe_webhook_events from anon, authenticated;
grant select, insert, delete on table public.stripe_webhook_events to service_role;
