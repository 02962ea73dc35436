-- Staff decide on the board (issue 42 point 3). A person sets the status column of an item in the
-- board's 'Needs a look' group to 'Release' or 'Not genuine'; `board-webhook` verifies monday.com's
-- request and records the change here, once per event; `webhook-events` (the worker) acts on it
-- under a claim token: the decision is written on the record with record_staff_decision() below,
-- then the board is told (the item moved out of the group, or one note saying nothing will be sent).
create table public.board_decision_events (
  id bigint generated always as identity primary key,
  -- monday.com's triggerUuid (the same on its retries), else item, column, time and label.
  event_key text not null unique,
  board_id text,
  item_id text not null,
  column_id text not null,
  -- The label as the board showed it; null when a person cleared the column.
  label text,
  decision text constraint board_decision_events_decision_check check (decision in ('release', 'not-genuine')),
  user_id text,
  -- When the person changed the column (monday's changedAt): a decision older than the record's stands down.
  changed_at timestamptz not null,
  -- What the worker found and did (record_staff_decision's answer, or 'unknown-item' / 'cleared').
  outcome text,
  subject_kind text constraint board_decision_events_subject_kind_check check (subject_kind in ('lead', 'registration', 'booking')),
  subject_id text,
  status text not null default 'pending' constraint board_decision_events_status_check check (status in ('pending', 'done', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  claim_token uuid,
  last_error text,
  failure_reason text,
  failure_alerted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);

create index board_decision_events_due on public.board_decision_events (next_attempt_at) where status = 'pending';

alter table public.board_decision_events enable row level security;
revoke all on table public.board_decision_events from public, anon, authenticated;
revoke all on sequence public.board_decision_events_id_seq from public, anon, authenticated;
grant select, insert, update, delete on table public.board_decision_events to service_role;
grant usage on sequence public.board_decision_events_id_seq to service_role;

comment on table public.board_decision_events is
  'Decisions staff set on the board (board-webhook records them, webhook-events acts). Not readable through the API.';

create trigger board_decision_events_wake
  after insert on public.board_decision_events
  referencing new table as inserted
  for each statement execute function public.webhook_events_wake();

-- A lead is released once: the first release puts its new-lead message back in the queue, a later
-- one (after 'Not genuine' and back) records the decision only.
alter table public.leads add column released_at timestamptz;
comment on column public.leads.released_at is 'When a person first released the lead (board or SQL): its new-lead message was requeued then.';

-- The record a board item stands for: a lead, else a registration, else bookings ('Booking:' items).
-- A lead's bookings share its item, so the lead comes first.
create function public.board_item_subject(item text, out kind text, out id text)
language sql
stable
security definer
set search_path = ''
as $$
  select kind, id from (
    select 1 as rank, 'lead' as kind, l.id::text as id from public.leads l where l.board_item_id = item
    union all
    select 2, 'registration', r.id::text from public.enterprise_registrations r where r.board_item_id = item
    union all
    select 3, 'booking', item from public.lead_bookings b where b.board_item_id = item
  ) found order by rank limit 1
$$;

-- THE write of a person's decision, from the board (the worker) or the SQL editor (the runbook's
-- fallback). A decision older than the one the record holds changes nothing ('stale'); the same
-- decision again changes nothing ('repeat'). A release puts the record back where its normal
-- worker sends it as usual, once:
-- - a lead flagged as spam goes back to the outbox (delivered by leads-redeliver), or counts as
--   delivered when it is on the board already; a lead on the board that was held back from sales
--   (unverified or flagged) gets its new-lead message requeued; only the first release of a lead
--   does either (leads.released_at);
-- - a held registration goes back to the follow-through (as release_enterprise_registration() does);
--   one the follow-through finished, or is working on, goes back to it too, and runs only the steps
--   it has not recorded (the sales alert, which waited for a person);
-- - bookings: the decision is recorded for the booking's own worker to read.
-- Answers 'released', 'rejected', 'repeat', 'stale' or 'unknown'.
create function public.record_staff_decision(subject_kind text, subject_id text, decision text, decided_at timestamptz default now())
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous text;
  was_released timestamptz;
  changed integer;
begin
  if decision not in ('release', 'not-genuine') then
    raise exception 'decision must be release or not-genuine, not %', decision;
  end if;

  if subject_kind = 'lead' then
    select l.staff_decision, l.released_at into previous, was_released from public.leads l where l.id = subject_id::bigint for update;
    if not found then return 'unknown'; end if;
    update public.leads l set staff_decision = decision, staff_decided_at = decided_at, updated_at = now()
     where l.id = subject_id::bigint and (l.staff_decided_at is null or l.staff_decided_at < decided_at)
       and l.staff_decision is distinct from decision;
    get diagnostics changed = row_count;
    if changed = 0 then
      return case when previous is not distinct from decision then 'repeat' else 'stale' end;
    end if;
    if decision = 'release' then
      -- A flagged lead with no item yet is delivered by the outbox; one already on the board (in
      -- 'Needs a look') counts as delivered, so no second item is made.
      update public.leads l set
          released_at = now(),
          status = case when l.status <> 'spam' then l.status when l.board_item_id is null then 'pending' else 'delivered' end,
          delivered_at = case when l.status = 'spam' and l.board_item_id is not null then coalesce(l.delivered_at, now())
                              else l.delivered_at end,
          attempts = case when l.status = 'spam' and l.board_item_id is null then 0 else l.attempts end,
          next_attempt_at = case when l.status = 'spam' then now() else l.next_attempt_at end,
          claimed_until = case when l.status = 'spam' then null else l.claimed_until end,
          claim_token = case when l.status = 'spam' then null else l.claim_token end,
          -- Held back from sales until now (pagingOf said 'summary'): announced on the next run.
          sales_alerted_at = case
            when l.status in ('delivered', 'spam') and (l.verified is false or l.spam_reason is not null) then null
            else l.sales_alerted_at end
        where l.id = subject_id::bigint and was_released is null;
      -- Sales heard of it already (it paged as it came in, or it was released before and marked 'Not
      -- genuine' since): not owed again, whichever way a sender compares sales_alerted_at with staff_decided_at.
      update public.leads l set sales_alerted_at = decided_at
        where l.id = subject_id::bigint and l.sales_alerted_at < decided_at;
      return 'released';
    end if;
    return 'rejected';
  end if;

  if subject_kind = 'registration' then
    select r.staff_decision into previous from public.enterprise_registrations r where r.id = subject_id::uuid for update;
    if not found then return 'unknown'; end if;
    update public.enterprise_registrations r set staff_decision = decision, staff_decided_at = decided_at, updated_at = now()
     where r.id = subject_id::uuid and (r.staff_decided_at is null or r.staff_decided_at < decided_at)
       and r.staff_decision is distinct from decision;
    get diagnostics changed = row_count;
    if changed = 0 then
      return case when previous is not distinct from decision then 'repeat' else 'stale' end;
    end if;
    if decision = 'release' then
      -- What release_enterprise_registration() does for a held one (inline: it would stamp its own
      -- time over the board's), and the same for one the follow-through finished or is working on:
      -- its steps are recorded as they are done, so going through them again sends only what waited
      -- (the sales alert). A run working it now read the record before this decision: its claim is
      -- taken back (its next write stops it, as when a lease lapses) and the next run reads the decision.
      update public.enterprise_registrations r
         set status = 'pending', attempts = case when r.status = 'pending' then r.attempts else 0 end,
             next_attempt_at = now(), claimed_until = null, claim_token = null, updated_at = now()
       where r.id = subject_id::uuid and r.status in ('held', 'done', 'pending');
      return 'released';
    end if;
    return 'rejected';
  end if;

  if subject_kind = 'booking' then
    select b.staff_decision into previous from public.lead_bookings b
     where b.board_item_id = subject_id order by b.staff_decided_at desc nulls last limit 1;
    if not found then return 'unknown'; end if;
    update public.lead_bookings b set staff_decision = decision, staff_decided_at = decided_at, updated_at = now()
     where b.board_item_id = subject_id and (b.staff_decided_at is null or b.staff_decided_at < decided_at)
       and b.staff_decision is distinct from decision;
    get diagnostics changed = row_count;
    if changed = 0 then
      return case when previous is not distinct from decision then 'repeat' else 'stale' end;
    end if;
    return case when decision = 'release' then 'released' else 'rejected' end;
  end if;

  raise exception 'unknown subject kind %', subject_kind;
end
$$;

revoke execute on function public.board_item_subject(text), public.record_staff_decision(text, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.board_item_subject(text), public.record_staff_decision(text, text, text, timestamptz)
  to service_role;
