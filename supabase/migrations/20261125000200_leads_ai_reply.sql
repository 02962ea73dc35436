-- A lead booked from the free AI reply (/reply) carries how the draft was asked for and what
-- answered: { rating, tone, kind, source: 'ai' | 'template' }. Never the review or the reply.
alter table public.leads add column if not exists ai_reply jsonb;
