-- An alert a channel took without answering (a timeout, a dropped connection) may have arrived:
-- the channel is then owed the condition's resolution, even though it was never confirmed as told.
alter table public.lead_alert_state add column maybe_told boolean not null default false;

comment on column public.lead_alert_state.maybe_told is
  'An alert for this condition went unanswered on this channel and may have arrived; its resolution is sent too.';
