-- Every outbox transition is a SQL function (issue 43 point 4). The TypeScript calls these and
-- writes no status itself; tests/build/status-writes.test.ts fails on a status written anywhere else.
--
-- The generic ones work on any table registered in public.outbox_tables (the columns of
-- _shared/outbox/outbox.ts), with the semantics pg-outbox.ts had inline: a claim takes a due pending
-- item (one more attempt, a lease, a fresh claim_token); every write after it applies only while the
-- item is still pending under that token, and answers whether it applied (false: a newer claim owns it).

-- The outbox tables, each with the column a caller knows an item by, the status an item takes once
-- the outside system has it and the column that keeps when. Nothing else may be worked as an outbox.
create table public.outbox_tables (
  tbl regclass primary key,
  key_column name not null,
  done_status text not null,
  done_at_column name
);
insert into public.outbox_tables (tbl, key_column, done_status, done_at_column) values
  ('public.leads', 'submission_id', 'delivered', 'delivered_at'),
  ('public.enterprise_registrations', 'submission_id', 'done', 'completed_at'),
  ('public.lead_bookings', 'id', 'sent', 'sent_at'),
  ('public.stripe_webhook_events', 'event_id', 'done', 'completed_at'),
  ('public.board_decision_events', 'id', 'done', 'completed_at');
alter table public.outbox_tables enable row level security;
revoke all on public.outbox_tables from public, anon, authenticated;

-- A registered table's spec, or an error naming the table.
create function public.outbox_spec(tbl regclass)
returns public.outbox_tables
language plpgsql
stable
set search_path = ''
as $$
declare
  spec public.outbox_tables;
begin
  select * into spec from public.outbox_tables o where o.tbl = outbox_spec.tbl;
  if not found then
    raise exception 'not an outbox table: %', tbl using errcode = 'insufficient_privilege';
  end if;
  return spec;
end
$$;

-- A column's type as SQL names it (bigint, uuid, text), so a key given as text is compared as the
-- column's own type (and its index serves).
create function public.outbox_column_type(tbl regclass, col name)
returns text
language sql
stable
set search_path = ''
as $$
  select pg_catalog.format_type(a.atttypid, a.atttypmod)
  from pg_catalog.pg_attribute a
  where a.attrelid = tbl and a.attname = col and a.attnum > 0 and not a.attisdropped
$$;

-- `col = r.col, …` for the step columns in `columns`, read from the row `r` that
-- jsonb_populate_record makes of them (each value cast to its column's type). The outbox's own
-- columns, and any status, are written by the transitions alone.
create function public.outbox_assignments(tbl regclass, columns jsonb, done_at_column name)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  col text;
  parts text[] := '{}';
begin
  for col in select jsonb_object_keys(coalesce(columns, '{}'::jsonb)) loop
    if col in ('id', 'status', 'attempts', 'next_attempt_at', 'claimed_until', 'claim_token', 'last_error',
               'failure_reason', 'updated_at')
       or col like '%\_status' or col = done_at_column then
      raise exception 'outbox column % of % is written by its transitions only', col, tbl using errcode = 'insufficient_privilege';
    end if;
    if public.outbox_column_type(tbl, col::name) is null then
      raise exception 'no column % in %', col, tbl using errcode = 'undefined_column';
    end if;
    parts := parts || format('%1$I = r.%1$I', col);
  end loop;
  return array_to_string(parts, ', ');
end
$$;

-- The table a row type stands for: `item` is a null of it (null::public.leads), so a claim hands
-- back the table's own row, each column in its own type.
create function public.outbox_table_of(item anyelement)
returns regclass
language sql
stable
set search_path = ''
as $$
  select t.typrelid::regclass from pg_catalog.pg_type t where t.oid = pg_catalog.pg_typeof(item) and t.typrelid <> 0
$$;

-- Claims this pending item (by its key column) if it is due and nobody holds it.
create function public.outbox_claim(item anyelement, key text, lease_ms integer)
returns setof anyelement
language plpgsql
set search_path = ''
as $$
declare
  tbl regclass := public.outbox_table_of(item);
  spec public.outbox_tables := public.outbox_spec(tbl);
begin
  return query execute format(
    'update %1$s set attempts = attempts + 1, claimed_until = now() + make_interval(secs => $2 / 1000.0),
       claim_token = gen_random_uuid(), updated_at = now()
     where %2$I = $1::%3$s and status = ''pending'' and next_attempt_at <= now()
       and (claimed_until is null or claimed_until < now())
     returning *',
    tbl, spec.key_column, public.outbox_column_type(tbl, spec.key_column))
  using key, lease_ms;
end
$$;

-- Claims the next due pending item, skipping locked and claimed ones, earliest due first.
create function public.outbox_claim_next(item anyelement, lease_ms integer)
returns setof anyelement
language plpgsql
set search_path = ''
as $$
declare
  tbl regclass := public.outbox_table_of(item);
begin
  perform public.outbox_spec(tbl);
  return query execute format(
    'update %1$s set attempts = attempts + 1, claimed_until = now() + make_interval(secs => $1 / 1000.0),
       claim_token = gen_random_uuid(), updated_at = now()
     where id = (
       select id from %1$s
       where status = ''pending'' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
       order by next_attempt_at limit 1 for update skip locked)
     returning *',
    tbl)
  using lease_ms;
end
$$;

-- The call went through: the item takes its table's done status, with what the system answered
-- (its id, …) in `columns`, and is settled.
create function public.outbox_done(tbl regclass, item_id text, token uuid, done_status text, columns jsonb default '{}')
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  spec public.outbox_tables := public.outbox_spec(tbl);
  assignments text := public.outbox_assignments(tbl, columns, spec.done_at_column);
  changed integer;
begin
  if done_status is distinct from spec.done_status then
    raise exception '% is not the done status of % (%)', done_status, tbl, spec.done_status using errcode = 'check_violation';
  end if;
  execute format(
    'update %1$s as t set %2$s status = $3, last_error = null, failure_reason = null, %3$s
       claimed_until = null, claim_token = null, updated_at = now()
     from jsonb_populate_record(null::%1$s, $4) as r
     where t.id = $1::%4$s and t.claim_token = $2 and t.status = ''pending''',
    tbl,
    case when assignments = '' then '' else assignments || ',' end,
    case when spec.done_at_column is null then '' else format('%I = now(),', spec.done_at_column) end,
    public.outbox_column_type(tbl, 'id'))
  using item_id, token, spec.done_status, coalesce(columns, '{}'::jsonb);
  get diagnostics changed = row_count;
  return changed = 1;
end
$$;

-- A step's columns, written while the item is pending under this claim (its status stays).
create function public.outbox_record(tbl regclass, item_id text, token uuid, columns jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  assignments text := public.outbox_assignments(tbl, columns, (public.outbox_spec(tbl)).done_at_column);
  changed integer;
begin
  execute format(
    'update %1$s as t set %2$s updated_at = now()
     from jsonb_populate_record(null::%1$s, $3) as r
     where t.id = $1::%3$s and t.claim_token = $2 and t.status = ''pending''',
    tbl,
    case when assignments = '' then '' else assignments || ',' end,
    public.outbox_column_type(tbl, 'id'))
  using item_id, token, coalesce(columns, '{}'::jsonb);
  get diagnostics changed = row_count;
  return changed = 1;
end
$$;

-- Tried again at `retry_at`. count_attempt false: the system refused before doing anything (rate
-- limits), so the attempt is given back.
create function public.outbox_retry(
  tbl regclass, item_id text, token uuid, retry_at timestamptz, reason text, detail text, count_attempt boolean default true
)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  changed integer;
begin
  perform public.outbox_spec(tbl);
  execute format(
    'update %1$s set next_attempt_at = $3, last_error = left($5, 1000), failure_reason = $4,
       attempts = attempts - case when $6 then 0 else 1 end, claimed_until = null, claim_token = null, updated_at = now()
     where id = $1::%2$s and claim_token = $2 and status = ''pending''',
    tbl, public.outbox_column_type(tbl, 'id'))
  using item_id, token, retry_at, reason, detail, count_attempt;
  get diagnostics changed = row_count;
  return changed = 1;
end
$$;

-- Failed for good.
create function public.outbox_failed(tbl regclass, item_id text, token uuid, reason text, detail text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  changed integer;
begin
  perform public.outbox_spec(tbl);
  execute format(
    'update %1$s set status = ''failed'', last_error = left($4, 1000), failure_reason = $3,
       claimed_until = null, claim_token = null, updated_at = now()
     where id = $1::%2$s and claim_token = $2 and status = ''pending''',
    tbl, public.outbox_column_type(tbl, 'id'))
  using item_id, token, reason, detail;
  get diagnostics changed = row_count;
  return changed = 1;
end
$$;

-- For a person, once the cause of a failure is fixed: the failed item (by its key column) goes back
-- in the queue with its attempts afresh. The failure alerts name this call.
create function public.outbox_requeue(tbl regclass, key text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  spec public.outbox_tables := public.outbox_spec(tbl);
  changed integer;
begin
  execute format(
    'update %1$s set status = ''pending'', attempts = 0, next_attempt_at = now(), claimed_until = null,
       claim_token = null, updated_at = now()
     where %2$I = $1::%3$s and status = ''failed''',
    tbl, spec.key_column, public.outbox_column_type(tbl, spec.key_column))
  using key;
  get diagnostics changed = row_count;
  return changed = 1;
end
$$;

-- A lead as it comes in: 'pending' (for the board) or 'spam' (held for a person), once per
-- submission. Returns the lead as recorded, by this call or an earlier one. Two statements, so the
-- look-up sees a row another request committed while this insert waited on it.
create function public.record_lead(
  submission uuid, initial_status text, lead_data jsonb, tracking_data jsonb, source_data jsonb, check_data jsonb,
  reply_data jsonb, spam_why text, verified_now boolean, unverified_why text
)
returns setof public.leads
language plpgsql
set search_path = ''
as $$
begin
  if initial_status not in ('pending', 'spam') then
    raise exception 'a lead comes in pending or spam, not %', initial_status using errcode = 'check_violation';
  end if;
  return query
    insert into public.leads as l (submission_id, status, lead, tracking, source, review_check, ai_reply, spam_reason, verified,
                                   verification_failure)
    values (submission, initial_status, lead_data, tracking_data, source_data, check_data, reply_data, spam_why, verified_now,
            unverified_why)
    on conflict (submission_id) do nothing
    returning l.*;
  if not found then
    return query select * from public.leads l where l.submission_id = submission;
  end if;
end
$$;

-- Spam leads on their way to the board's 'Needs a look' group (_shared/delivery/spam-placement.ts),
-- on the leads table's own claim columns; their status stays 'spam' until a person decides.
create function public.spam_lead_claim_next(lease_ms integer, max_attempts integer)
returns setof public.leads
language sql
set search_path = ''
as $$
  update public.leads
  set attempts = attempts + 1, claimed_until = now() + make_interval(secs => lease_ms / 1000.0),
    claim_token = gen_random_uuid(), updated_at = now()
  where id = (
    select id from public.leads
    where status = 'spam' and board_item_id is null and staff_decision is null and attempts < max_attempts
      and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
    order by next_attempt_at limit 1 for update skip locked)
  returning *
$$;

create function public.spam_lead_placed(lead_id bigint, token uuid, item_id text)
returns boolean
language sql
set search_path = ''
as $$
  with placed as (
    update public.leads
    set board_item_id = item_id, claimed_until = null, claim_token = null, last_error = null, failure_reason = null,
      updated_at = now()
    where id = lead_id and claim_token = token and status = 'spam'
    returning 1
  )
  select exists (select from placed)
$$;

create function public.spam_lead_later(lead_id bigint, token uuid, retry_at timestamptz, reason text, detail text)
returns boolean
language sql
set search_path = ''
as $$
  with later as (
    update public.leads
    set next_attempt_at = retry_at, last_error = left(detail, 1000), failure_reason = reason,
      claimed_until = null, claim_token = null, updated_at = now()
    where id = lead_id and claim_token = token and status = 'spam'
    returning 1
  )
  select exists (select from later)
$$;

-- On the board in 'Needs a look': out of the queue ('held') until a person decides.
create function public.enterprise_registration_hold(registration_id uuid, token uuid)
returns boolean
language sql
set search_path = ''
as $$
  with held as (
    update public.enterprise_registrations
    set status = 'held', attempts = 0, claimed_until = null, claim_token = null, last_error = null,
      failure_reason = null, updated_at = now()
    where id = registration_id and claim_token = token and status = 'pending'
    returning 1
  )
  select exists (select from held)
$$;

-- Out of the queue until the registrant confirms, without using up an attempt; confirmed since the
-- claim: back in the queue at once.
create function public.enterprise_registration_await_confirmation(registration_id uuid, token uuid)
returns boolean
language sql
set search_path = ''
as $$
  with waiting as (
    update public.enterprise_registrations
    set status = case when email_confirmed_at is null then 'awaiting-confirmation' else status end,
      next_attempt_at = now(), attempts = 0, claimed_until = null, claim_token = null, last_error = null,
      failure_reason = null, updated_at = now()
    where id = registration_id and claim_token = token and status = 'pending'
    returning 1
  )
  select exists (select from waiting)
$$;

revoke execute on function public.outbox_spec(regclass) from public, anon, authenticated;
revoke execute on function public.outbox_column_type(regclass, name) from public, anon, authenticated;
revoke execute on function public.outbox_assignments(regclass, jsonb, name) from public, anon, authenticated;
revoke execute on function public.outbox_table_of(anyelement) from public, anon, authenticated;
revoke execute on function public.outbox_claim(anyelement, text, integer) from public, anon, authenticated;
revoke execute on function public.outbox_claim_next(anyelement, integer) from public, anon, authenticated;
revoke execute on function public.outbox_done(regclass, text, uuid, text, jsonb) from public, anon, authenticated;
revoke execute on function public.outbox_record(regclass, text, uuid, jsonb) from public, anon, authenticated;
revoke execute on function public.outbox_retry(regclass, text, uuid, timestamptz, text, text, boolean)
  from public, anon, authenticated;
revoke execute on function public.outbox_failed(regclass, text, uuid, text, text) from public, anon, authenticated;
revoke execute on function public.outbox_requeue(regclass, text) from public, anon, authenticated;
revoke execute on function public.record_lead(uuid, text, jsonb, jsonb, jsonb, jsonb, jsonb, text, boolean, text)
  from public, anon, authenticated;
revoke execute on function public.spam_lead_claim_next(integer, integer) from public, anon, authenticated;
revoke execute on function public.spam_lead_placed(bigint, uuid, text) from public, anon, authenticated;
revoke execute on function public.spam_lead_later(bigint, uuid, timestamptz, text, text) from public, anon, authenticated;
revoke execute on function public.enterprise_registration_hold(uuid, uuid) from public, anon, authenticated;
revoke execute on function public.enterprise_registration_await_confirmation(uuid, uuid) from public, anon, authenticated;
