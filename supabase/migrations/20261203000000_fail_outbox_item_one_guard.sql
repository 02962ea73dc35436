-- fail_outbox_item (20261202020000) repeated the claim guard of the generic outbox_failed
-- (20261202040000) in its own update. It now fails the item through outbox_failed, so the rule
-- "only while pending under the caller's claim" is written once, and only adds what is its own: the
-- failure_alerted_at stamp and the message, in the same transaction. Same signature and results.
create or replace function public.fail_outbox_item(
  item_table text, item_id text, token uuid, reason text, detail text, notice jsonb default null
)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  tbl regclass;
  message_key text;
  earlier integer;
begin
  -- Only the outboxes whose failures are told this way (each has failure_alerted_at).
  if item_table not in ('enterprise_registrations', 'stripe_webhook_events', 'lead_bookings', 'board_decision_events') then
    raise exception 'fail_outbox_item: % is not an outbox it knows', item_table;
  end if;
  tbl := format('public.%I', item_table)::regclass;
  if not public.outbox_failed(tbl, item_id, token, reason, detail) then
    return false;
  end if;
  if notice is null then
    return true;
  end if;
  execute format('update %1$s set failure_alerted_at = now() where id = $1::%2$s', tbl, public.outbox_column_type(tbl, 'id'))
    using item_id;
  message_key := notice->>'key';
  select count(*) into earlier from public.notifications n
  where n.channel = 'email' and (n.message_key = notice->>'key' or n.message_key like (notice->>'key') || ':%');
  if earlier > 0 then
    message_key := message_key || ':' || (earlier + 1);
  end if;
  perform public.notify(notice->>'kind', message_key, notice->>'audience', coalesce(notice->'payload', '{}'::jsonb));
  return true;
end
$$;

revoke execute on function public.fail_outbox_item(text, text, uuid, text, text, jsonb) from public, anon, authenticated;
