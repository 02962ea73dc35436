-- The enterprise invoice (issue 28 point 3): the follow-through's last steps, in Stripe, each kept in
-- its own column before the next call (customer → invoice → its one item → finalized → sent), so a
-- retry skips what is recorded and repeats nothing. Anon's column grants (20261127000000) name none
-- of these columns; retry_failed_enterprise_registrations() puts a failed registration back to
-- pending with them kept, so only the steps not yet recorded run again.
alter table public.enterprise_registrations
  add column stripe_customer_id text,
  add column stripe_invoice_id text,
  add column invoice_item_id text,
  add column invoice_finalized_at timestamptz,
  add column invoice_sent_at timestamptz;

create unique index enterprise_registrations_stripe_invoice_id on public.enterprise_registrations (stripe_invoice_id)
  where stripe_invoice_id is not null;
