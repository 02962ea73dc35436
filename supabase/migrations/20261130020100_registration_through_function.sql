-- Registrations go through the `enterprise-register` function (issue 35 point 3; decision 021).
--
-- The function verifies the visitor's Turnstile token where it arrives (a token lives 300 s) and
-- inserts over the server's database connection, so the anonymous key loses its direct insert: with
-- it, anyone could skip the check by inserting straight into the table. This departs from the spec's
-- insert-only policy for anon (SPEC §7 call 3, DESIGN.md deviation 2).
--
-- The per-address limit and the daily cap stay in the insert triggers: the function passes the one
-- trusted header in `request.headers`, as PostgREST did, so client_address_key() keys it as before.
drop policy "Visitors can register" on public.enterprise_registrations;
revoke insert on public.enterprise_registrations from anon, authenticated;

-- verified: the registration's token passed siteverify. Without it the registration is recorded and
-- shown to sales as unverified, and nothing is sent to the registrant. Rows already in came from
-- anonymous inserts no one checked: false. From now on only the function (which always sets it) and
-- staff insert, so a direct insert by a trusted role defaults to true.
alter table public.enterprise_registrations add column verified boolean not null default false;
alter table public.enterprise_registrations alter column verified set default true;
