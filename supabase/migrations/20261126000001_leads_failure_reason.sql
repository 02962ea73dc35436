-- Why the last call failed, as a kind ('auth', 'access', 'timeout', 'rate-limited', …) in its own
-- column, beside `last_error` (the text for people). Alerts and health read the kind, never the text.
-- Any outbox table (supabase/functions/_shared/outbox/) has both columns.
alter table public.leads add column if not exists failure_reason text;

-- Rows from before this column: the kind is how last_error starts ('auth 401: Not Authenticated').
update public.leads
   set failure_reason = substring(last_error from '^([a-z-]+)')
 where last_error is not null and failure_reason is null;

create or replace view public.leads_attention with (security_invoker = true) as
select id, submission_id, status, attempts, next_attempt_at, last_error, created_at, updated_at,
       lead ->> 'name' as name, lead ->> 'email' as email, lead ->> 'phone' as phone, source ->> 'path' as source_path,
       failure_reason
from public.leads
where status in ('pending', 'failed')
order by created_at;
