-- The enterprise follow-through (issue 28 point 3): enterprise_registrations is an outbox
-- (supabase/functions/_shared/outbox/) worked by the `enterprise-followup` function. Each step keeps
-- what it did in its own column (board_item_id, sales_alert_sent_at, confirmation_sent_at), set
-- before the next step starts, so no step is repeated once recorded. Anon's column grants do not
-- include any of these columns.
alter table public.enterprise_registrations
  add column status text not null default 'pending'
    constraint enterprise_registrations_status_check check (status in ('pending', 'done', 'failed')),
  add column attempts integer not null default 0,
  add column next_attempt_at timestamptz not null default now(),
  add column claimed_until timestamptz,
  add column last_error text,
  add column failure_reason text,
  add column updated_at timestamptz not null default now(),
  add column completed_at timestamptz,
  add column board_item_id text,
  add column sales_alert_sent_at timestamptz,
  add column confirmation_sent_at timestamptz,
  add column board_note_sent_at timestamptz,
  add column failure_alerted_at timestamptz;

create index enterprise_registrations_due on public.enterprise_registrations (next_attempt_at) where status = 'pending';

-- Supabase Cron calls enterprise-followup every minute, as it calls leads-redeliver, with the same
-- Vault secrets (project_url, redeliver_secret). Without pg_cron and pg_net this schedules nothing.
select public.schedule_edge_function('enterprise-followup', '* * * * *', 'enterprise-followup', 55000);
