-- A lead booked from the free review check (/check) carries the check: place id, rating, review
-- count, rank and radius. Only the place id comes from Google as an identifier; the numbers are
-- what the visitor was shown, kept with their lead for the sales call.
alter table public.leads add column if not exists review_check jsonb;
