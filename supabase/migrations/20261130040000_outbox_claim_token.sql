-- A claim owns its outcome (issue 36 point 1). Every claim of an outbox item sets a fresh
-- claim_token (gen_random_uuid()); every write after it (a step's record, done, retry later,
-- failed) applies only where the item is still pending under that token, and settling clears it.
-- A worker whose lease lapsed and whose item a newer run has claimed then changes nothing
-- (supabase/functions/_shared/outbox/pg-outbox.ts). Null: not claimed, or settled. Anon's column
-- grants do not include it.
alter table public.leads add column claim_token uuid;
alter table public.enterprise_registrations add column claim_token uuid;
-- The booking updates' queue follows the same rule (_shared/bookings/pg-booking-store.ts).
alter table public.lead_bookings add column claim_token uuid;
