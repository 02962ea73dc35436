-- What the paid alert shows staff: the invoice's number as the customer reads it, and whether the
-- event came from test mode (its dashboard link is then the test one). Stripe's words, not a visitor's.
-- And the invoice's total and its total before tax: with a tax rate on the line (GST), what is paid
-- is the total, and the period total is matched against the part before tax.
alter table public.stripe_webhook_events
  add column invoice_number text,
  add column livemode boolean,
  add column invoice_total bigint,
  add column total_excluding_tax bigint;
