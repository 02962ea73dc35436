-- 'Release' on an unproven booking (issue 42 points 2 and 3): the person on the board vouched for
-- the possible match, so the booking becomes its possible lead's, once, and is worked again as a
-- proven booking (the call on the lead's item, its note, paging as pagingOf says for a release).
-- The booking's own 'Booking:' item stays as the record of what happened: review_item_id keeps it,
-- so the board's later decisions on that item still find the booking, while board_item_id is the item
-- its updates go on (the lead's, once the worker records it). Later events of the booking follow the
-- lead (cal-webhook copies lead_id from its earliest event).
alter table public.lead_bookings add column review_item_id text;
comment on column public.lead_bookings.review_item_id is
  'A released unproven booking''s own board item (its record in ''Needs a look''); board_item_id is then its lead''s item.';

-- A lead's bookings share its item, so the lead comes first; a released booking is still found by its own item.
create or replace function public.board_item_subject(item text, out kind text, out id text)
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
    select 3, 'booking', item from public.lead_bookings b where coalesce(b.review_item_id, b.board_item_id) = item
  ) found order by rank limit 1
$$;

create or replace function public.record_staff_decision(subject_kind text, subject_id text, decision text, decided_at timestamptz default now())
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous text;
  was_released timestamptz;
  changed integer;
  keys text[];
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
    -- Every event of the booking the item stands for (one booking, by its item key), also one not worked yet.
    select array_agg(distinct b.item_key) into keys from public.lead_bookings b
     where coalesce(b.review_item_id, b.board_item_id) = subject_id;
    if keys is null then return 'unknown'; end if;
    select b.staff_decision into previous from public.lead_bookings b
     where b.item_key = any(keys) order by b.staff_decided_at desc nulls last limit 1;
    update public.lead_bookings b set staff_decision = decision, staff_decided_at = decided_at, updated_at = now()
     where b.item_key = any(keys) and (b.staff_decided_at is null or b.staff_decided_at < decided_at)
       and b.staff_decision is distinct from decision;
    get diagnostics changed = row_count;
    if changed = 0 then
      return case when previous is not distinct from decision then 'repeat' else 'stale' end;
    end if;
    if decision = 'release' then
      -- The person vouched for the possible match: the booking becomes its lead's, once (lead_id is
      -- never set again nor taken back), unless that lead is flagged as spam (a booking never
      -- releases a lead). Its events go back to the booking worker, which writes them on the lead's
      -- item as a proven booking's; its own item stays as the record (review_item_id).
      update public.lead_bookings b
         set lead_id = b.possible_lead_id,
             review_item_id = coalesce(b.review_item_id, b.board_item_id),
             board_item_id = null,
             status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = null, claim_token = null,
             last_error = null, failure_reason = null, updated_at = now()
       where b.item_key = any(keys) and b.lead_id is null and b.possible_lead_id is not null
         and exists (select 1 from public.leads l where l.id = b.possible_lead_id and l.status <> 'spam');
      return 'released';
    end if;
    return 'rejected';
  end if;

  raise exception 'unknown subject kind %', subject_kind;
end
$$;

