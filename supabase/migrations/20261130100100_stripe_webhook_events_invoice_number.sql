-- What the paid alert shows staff: the invoice's number as the customer reads it, and whether the
-- event came from test mode (its dashboard link is then the test one). Stripe's words, not a visitor's.
alter table public.stripe_webhook_events
  add column invoice_number text,
  add column livemode boolean;
