-- Failure alerts through the notifications outbox (issue 43 point 1; decision 028). A worker that
-- gives up on an item (an enterprise registration, a Stripe event, a booking update, a board
-- decision) moves it to 'failed' and queues the one message about it IN THE SAME TRANSACTION, so a
-- crash between the two can neither lose the message nor send it for an item that did not fail.
-- Before, the worker marked the item failed, then sent the alert once with `.catch`: a channel that
-- was down, or a worker killed in between, lost it for good.
--
-- notice: null, or {kind, key, audience, payload} as public.notify() takes them. The message key
-- is the notice's ('failed:<kind>:<id>'); an item failed again after a person retried it
-- (retry_failed_enterprise_registrations(), …) gets ':2', ':3', … so each failure is told once.
create function public.fail_outbox_item(
  item_table text, item_id text, token uuid, reason text, detail text, notice jsonb default null
)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  id_type text;
  failed_id text;
  message_key text;
  earlier integer;
begin
  -- Only the outboxes whose failures are told this way (each has failure_alerted_at).
  id_type := case item_table
    when 'enterprise_registrations' then 'uuid'
    when 'stripe_webhook_events' then 'bigint'
    when 'lead_bookings' then 'bigint'
    when 'board_decision_events' then 'bigint'
  end;
  if id_type is null then
    raise exception 'fail_outbox_item: % is not an outbox it knows', item_table;
  end if;
  -- The same guard as every outbox write: only while pending under the caller's claim.
  execute format(
    'update public.%I set status = ''failed'', last_error = left($3, 1000), failure_reason = $2,
       failure_alerted_at = case when $5 then now() else failure_alerted_at end,
       claimed_until = null, claim_token = null, updated_at = now()
     where id = $1::%s and claim_token = $4 and status = ''pending''
     returning id::text',
    item_table, id_type
  ) into failed_id using item_id, reason, detail, token, notice is not null;
  if failed_id is null then
    return false;
  end if;
  if notice is not null then
    message_key := notice->>'key';
    select count(*) into earlier from public.notifications n
    where n.channel = 'email' and (n.message_key = notice->>'key' or n.message_key like (notice->>'key') || ':%');
    if earlier > 0 then
      message_key := message_key || ':' || (earlier + 1);
    end if;
    perform public.notify(notice->>'kind', message_key, notice->>'audience', coalesce(notice->'payload', '{}'::jsonb));
  end if;
  return true;
end
$$;

revoke execute on function public.fail_outbox_item(text, text, uuid, text, text, jsonb) from public, anon, authenticated;
