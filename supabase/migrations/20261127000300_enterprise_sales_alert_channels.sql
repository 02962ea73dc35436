-- The sales alert is recorded per channel (issue 28 point 3: each step recorded when done, never
-- repeated): a run where the webhook took the alert and the e-mail did not sends the e-mail alone
-- next time, instead of counting the alert as sent (the e-mail lost) or sending both again (the
-- webhook duplicated). `npm run bench:registrations` found both with 20% of calls failing.
-- sales_alert_sent_at stays the step's mark: set once every configured channel has the alert.
alter table public.enterprise_registrations
  add column sales_alert_channels text[] not null default '{}';
