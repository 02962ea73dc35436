-- Money that comes back (issue 42 point 4). `stripe-webhook` now also records refunds, disputes
-- (opened and closed), voided and uncollectible invoices and credit notes; `webhook-events` links
-- each to a registration by its invoice (`stripe_invoice_id`), moves the registration's payment
-- state, and tells sales and ops once each, with one board note.
--
-- enterprise_registrations.payment_state: what happened to the registration's money, the latest
-- first (by Stripe's event time, payment_state_at), so the registration never reads as paid once
-- money went back. null: nothing yet (invoiced or not). paid_at stays when the invoice was paid.
alter table public.enterprise_registrations
  add column payment_state text
    constraint enterprise_registrations_payment_state_check check (payment_state in (
      'paid', 'partially-refunded', 'refunded', 'disputed', 'dispute-won', 'dispute-lost',
      'voided', 'uncollectible', 'partially-credited', 'credited')),
  add column payment_state_at timestamptz;

update public.enterprise_registrations set payment_state = 'paid', payment_state_at = paid_at where paid_at is not null;

create index enterprise_registrations_stripe_invoice on public.enterprise_registrations (stripe_invoice_id)
  where stripe_invoice_id is not null;

-- stripe_webhook_events: what a money-back event needs (Stripe's values from a signed event).
--   event_created_at  Stripe's `created`: orders events for one registration.
--   object_id         the charge, dispute, credit note or invoice the event is about.
--   payment_intent    a charge's or dispute's PaymentIntent: since API version 2025-03-31 (basil) a
--                     charge names no invoice, so the worker asks Stripe which invoice it paid.
--   amount, amount_of the money that went back and what it is out of (refunded of the charge's
--                     amount; a credit note's total before tax of the period total).
--   dispute_status, dispute_reason, respond_by: a dispute's, as Stripe gives them.
--   payment_state     the registration's state this event moved it to; activated: the registration
--                     had been paid (its 'activate' alert sent) before it, so staff read 'deactivate'
--                     rather than 'do not activate'. Both kept with the verdict, so a retry reads the same.
--   board_note_id     the note on the registration's board item.
alter table public.stripe_webhook_events
  add column event_created_at timestamptz,
  add column object_id text,
  add column payment_intent text,
  add column amount bigint,
  add column amount_of bigint,
  add column dispute_status text,
  add column dispute_reason text,
  add column respond_by timestamptz,
  add column payment_state text,
  add column activated boolean,
  add column board_note_id text;

-- 'wrong-mode': the event's livemode is not the deployment's (a test-mode event in production):
-- nothing changes, ops is told. 'superseded': an invoice.paid worked after money went back on
-- that invoice: paid_at is kept, nothing is activated. 'money-back': the registration's state moved.
alter table public.stripe_webhook_events drop constraint stripe_webhook_events_outcome_check;
alter table public.stripe_webhook_events add constraint stripe_webhook_events_outcome_check
  check (outcome in ('unknown-registration', 'mismatch', 'already-paid', 'paid', 'wrong-mode', 'superseded', 'money-back'));

comment on column public.enterprise_registrations.payment_state is
  'What happened to the money (stripe-webhook, webhook-events): paid, partially-refunded, refunded, disputed, dispute-won, dispute-lost, voided, uncollectible, partially-credited, credited; null before any.';
