-- One notifications outbox (issue 43 point 1; decision 028). Every message to a person at the agency
-- (new lead, sales alert, paid, mismatch, failure, ops condition, 'Needs a look' summary, digest) is
-- a row here, written by public.notify() in the same transaction as the change that causes it, one
-- row per channel. A worker (supabase/functions/_shared/notify/) claims a row under a claim token,
-- renders it for its channel from `payload` and sends it; only the outcome moves it on, and only
-- under the claim that sent it (the same guard as every other outbox here):
--   pending -> sent       the channel confirmed it
--   pending -> pending    no confirmation: tried again after a backoff (`unanswered` counts the tries
--                         whose answer was lost, so the chat channel, which has no idempotency key,
--                         may have shown it once more: a counted resend)
--   pending -> skipped    the channel is not configured for this audience (the row says so)
--   pending -> failed     attempts used up; the first failure of a channel in a day tells ops once
-- The e-mail channel sends each row under the key `message_key` (Resend keeps it 24 h), so a lost
-- answer never doubles an e-mail.
create table public.notifications (
  id bigint generated always as identity primary key,
  -- The renderer that writes it (_shared/notify/kinds.ts): 'new-lead', 'sales', 'paid', …
  kind text not null check (kind ~ '^[a-z][a-z0-9-]{0,40}$'),
  -- What it is about, once per message: 'new-lead:<submission id>', 'digest:2026-11-29', …
  message_key text not null check (length(message_key) between 1 and 200),
  audience text not null check (audience in ('sales', 'ops')),
  channel text not null check (channel in ('webhook', 'email')),
  -- The facts as they were when it was caused; visitor text is made safe when it is rendered.
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'sent', 'skipped', 'failed')),
  attempts integer not null default 0,
  unanswered integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  claim_token uuid,
  last_error text,
  failure_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (message_key, channel)
);

create index notifications_due on public.notifications (next_attempt_at) where status = 'pending';

alter table public.notifications enable row level security;
revoke all on public.notifications from public, anon, authenticated;

-- Queues a message on every channel; a second call with the same key adds nothing. Returns the rows
-- added (0: already queued). Call it inside the transaction that makes the change it reports.
create function public.notify(kind text, message_key text, audience text, payload jsonb)
returns integer
language sql
set search_path = ''
as $$
  with added as (
    insert into public.notifications (kind, message_key, audience, channel, payload)
    select notify.kind, notify.message_key, notify.audience, channel, coalesce(notify.payload, '{}'::jsonb)
    from unnest(array['webhook', 'email']) as channel
    on conflict (message_key, channel) do nothing
    returning 1
  )
  select count(*)::integer from added
$$;

-- Claims the next due row: a fresh claim token, one more attempt, a lease of lease_ms.
create function public.notification_claim_next(lease_ms integer)
returns setof public.notifications
language sql
set search_path = ''
as $$
  update public.notifications
  set attempts = attempts + 1, claimed_until = now() + make_interval(secs => lease_ms / 1000.0),
    claim_token = gen_random_uuid(), updated_at = now()
  where id = (
    select id from public.notifications
    where status = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
    order by next_attempt_at, id
    limit 1
    for update skip locked
  )
  returning *
$$;

-- Each outcome applies only while the row is pending under this claim; false: a newer claim owns it.
create function public.notification_sent(notification_id bigint, token uuid)
returns boolean
language sql
set search_path = ''
as $$
  with settled as (
    update public.notifications
    set status = 'sent', sent_at = now(), last_error = null, failure_reason = null,
      claimed_until = null, claim_token = null, updated_at = now()
    where id = notification_id and claim_token = token and status = 'pending'
    returning 1
  )
  select exists (select from settled)
$$;

create function public.notification_skipped(notification_id bigint, token uuid, reason text)
returns boolean
language sql
set search_path = ''
as $$
  with settled as (
    update public.notifications
    set status = 'skipped', failure_reason = 'not-configured', last_error = left(reason, 1000),
      claimed_until = null, claim_token = null, updated_at = now()
    where id = notification_id and claim_token = token and status = 'pending'
    returning 1
  )
  select exists (select from settled)
$$;

-- maybe_sent: no answer came (a timeout, a dropped connection), so the channel may have shown it.
-- count_attempt false: refused before doing anything (rate limited), the attempt is given back.
create function public.notification_retry(
  notification_id bigint, token uuid, retry_at timestamptz, reason text, detail text, maybe_sent boolean,
  count_attempt boolean default true
)
returns boolean
language sql
set search_path = ''
as $$
  with settled as (
    update public.notifications
    set next_attempt_at = retry_at, failure_reason = reason, last_error = left(detail, 1000),
      unanswered = unanswered + case when maybe_sent then 1 else 0 end,
      attempts = attempts - case when count_attempt then 0 else 1 end,
      claimed_until = null, claim_token = null, updated_at = now()
    where id = notification_id and claim_token = token and status = 'pending'
    returning 1
  )
  select exists (select from settled)
$$;

-- Failed for good. A channel's first failed row of the agency's day queues one ops message about
-- the channel (on every channel: the other one is how a person hears of it).
create function public.notification_failed(notification_id bigint, token uuid, reason text, detail text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  failed public.notifications;
begin
  update public.notifications
  set status = 'failed', failure_reason = reason, last_error = left(detail, 1000),
    claimed_until = null, claim_token = null, updated_at = now()
  where id = notification_id and claim_token = token and status = 'pending'
  returning * into failed;
  if failed.id is null then
    return false;
  end if;
  if failed.kind <> 'channel-failing' then
    perform public.notify(
      'channel-failing',
      'channel-failing:' || failed.channel || ':' || to_char(now() at time zone 'utc', 'YYYY-MM-DD'),
      'ops',
      jsonb_build_object(
        'channel', failed.channel, 'audience', failed.audience, 'kind', failed.kind,
        'messageKey', failed.message_key, 'reason', reason, 'detail', left(detail, 300), 'attempts', failed.attempts
      )
    );
  end if;
  return true;
end
$$;

revoke execute on function public.notify(text, text, text, jsonb) from public, anon, authenticated;
revoke execute on function public.notification_claim_next(integer) from public, anon, authenticated;
revoke execute on function public.notification_sent(bigint, uuid) from public, anon, authenticated;
revoke execute on function public.notification_skipped(bigint, uuid, text) from public, anon, authenticated;
revoke execute on function public.notification_retry(bigint, uuid, timestamptz, text, text, boolean, boolean)
  from public, anon, authenticated;
revoke execute on function public.notification_failed(bigint, uuid, text, text) from public, anon, authenticated;
