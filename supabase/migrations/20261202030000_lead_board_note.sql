-- The lead's board note is a step like the others (issue 43 point 2). The delivery records the item
-- it made or found (`board_item_id`, under the claim, the lead still pending), then makes the note,
-- looked up first by its reference line (`Ref: lead-<submission id>/note`) so an answer that was lost
-- never doubles it, and records the note's id here in the same write that marks the lead delivered.
-- A note that fails goes back to the queue with backoff like a failed item; the next claim skips
-- the recorded item and makes only the note. A lead delivered before this column existed keeps null.
alter table public.leads add column board_note_id text;
