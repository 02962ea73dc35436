-- Bad characters refused (issue 35, point 8). PostgreSQL already refuses a NUL (\u0000) and a lone
-- surrogate escape in the JSON body PostgREST hands it (SQLSTATE class 22, answered 400). What
-- gets through is what a lone surrogate becomes once re-encoded (U+FFFD) and control characters
-- (a line break added a fake line to the sales alert): refused here in the free-text fields the
-- patterns of 20250501000000 do not already limit. 23514 is answered 400 by PostgREST, and the
-- wizard names the constraint to the visitor (src/services/registrations.ts).
-- NOT VALID: rows already stored are left as they are; every new row is checked.
alter table public.enterprise_registrations
  add constraint enterprise_registrations_text_characters_check
  check (full_address !~ '[\x01-\x1f\x7f\ufffd]' and email !~ '[\x01-\x1f\x7f\ufffd]') not valid;
