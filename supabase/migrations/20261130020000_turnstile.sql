-- Cloudflare Turnstile on the writes that cost money or reach a third party (issue 35 point 3;
-- docs/turnstile.md).
--
-- turnstile_tokens: the SHA-256 of every token a function has taken, kept for the 300 seconds a
-- token lives. siteverify already refuses a spent token; this makes a token good for one submission
-- across all our functions whatever siteverify says, and lets a retry of the same submission
-- (same use_key, the submission's uuid) through. Expired rows are swept as new ones arrive.
create table public.turnstile_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  use_key text not null,
  expires_at timestamptz not null
);
create index turnstile_tokens_expires_at on public.turnstile_tokens (expires_at);
alter table public.turnstile_tokens enable row level security;
revoke all on table public.turnstile_tokens from anon, authenticated;

-- A lead is never held back by the bot check (a widget blocked by a privacy extension must not cost
-- a real lead): it is recorded and delivered, marked for sales. verified: true when its token passed,
-- false when it did not (verification_failure says why), null when the check was off or the lead
-- is older than the check.
alter table public.leads
  add column verified boolean,
  add column verification_failure text
    check (verification_failure is null or verification_failure in (
      'missing-token', 'invalid-token', 'spent-token', 'wrong-hostname', 'wrong-action', 'replayed', 'too-fast', 'siteverify-down'));
