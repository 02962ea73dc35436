-- Leads are recorded here before the board is called (an outbox): once the row is committed the
-- lead is safe, and the `leads` / `leads-redeliver` functions move it to the board exactly once.
-- Only the functions (service role / postgres over SUPABASE_DB_URL) touch these tables.

create table public.leads (
  id bigint generated always as identity primary key,
  submission_id uuid not null unique,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed', 'spam')),
  lead jsonb not null,
  tracking jsonb not null,
  source jsonb not null,
  spam_reason text,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A claim: whoever set it is calling the board until then; an expired claim with no outcome
  -- means the caller died mid-call, so the next one looks the item up before creating it.
  claimed_until timestamptz,
  last_error text,
  board_item_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  delivered_at timestamptz
);

create index leads_due_idx on public.leads (next_attempt_at) where status = 'pending';

-- Fixed-window request counters per client (a salted hash of the address, never the address).
create table public.request_limits (
  bucket text not null,
  client_hash text not null,
  window_start timestamptz not null,
  hits integer not null default 1,
  primary key (bucket, client_hash, window_start)
);

-- What the agency looks at: leads not delivered yet, and leads that gave up.
create view public.leads_attention with (security_invoker = true) as
select id, submission_id, status, attempts, next_attempt_at, last_error, created_at, updated_at,
       lead ->> 'name' as name, lead ->> 'email' as email, lead ->> 'phone' as phone, source ->> 'path' as source_path
from public.leads
where status in ('pending', 'failed')
order by created_at;

alter table public.leads enable row level security;
alter table public.request_limits enable row level security;

-- Supabase's default privileges give anon and authenticated everything on new public tables:
-- take it back. RLS without a policy already hides the rows; this closes the tables outright.
revoke all on table public.leads, public.request_limits, public.leads_attention from anon, authenticated;
revoke all on sequence public.leads_id_seq from anon, authenticated;
grant select, insert, update, delete on table public.leads, public.request_limits to service_role;
grant select on table public.leads_attention to service_role;
grant usage on sequence public.leads_id_seq to service_role;
