-- Sends failed enterprise registrations through the follow-through again (docs/enterprise.md).
-- Only the steps not yet recorded run again, so nothing already sent goes twice; a second call finds
-- nothing failed and changes nothing. Answers how many were put back. Service role only.
create function public.retry_failed_enterprise_registrations() returns integer
language sql
security invoker
set search_path = public
as $$
  with requeued as (
    update enterprise_registrations
       set status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null,
           failure_alerted_at = null, updated_at = now()
     where status = 'failed'
    returning 1
  )
  select count(*)::integer from requeued;
$$;

revoke execute on function public.retry_failed_enterprise_registrations() from public, anon, authenticated;
grant execute on function public.retry_failed_enterprise_registrations() to service_role;
