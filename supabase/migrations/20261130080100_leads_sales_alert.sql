-- A new lead reaches sales at once (issue 37 point 7, NEW_LEAD_ALERTS=true): every redelivery run
-- (each minute) tells the sales channel about each lead the board took since, once. The lead is
-- claimed here (sales_alerted_at) before the message goes; a message no channel took gives the
-- claim back, so the next run tries again. Leads delivered before this migration are not announced.
alter table public.leads add column sales_alerted_at timestamptz;
update public.leads set sales_alerted_at = now() where status = 'delivered';
create index leads_sales_alert_due on public.leads (delivered_at) where status = 'delivered' and sales_alerted_at is null;
