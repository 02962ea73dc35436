-- The reason an attendee gave for cancelling (Cal.com's payload.cancellationReason), kept on the
-- booking event so the digest can say why a lead has no call any more (docs/lead-alerts.md).
alter table public.lead_bookings add column cancellation_reason text
  check (cancellation_reason is null or (char_length(cancellation_reason) <= 500 and cancellation_reason !~ '[\x00-\x1f]'));
