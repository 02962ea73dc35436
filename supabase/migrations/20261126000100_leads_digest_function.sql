-- The daily digest has its own function, `leads-digest`: the `leads-digest` job calls it at 07:00
-- UTC instead of `leads-redeliver?digest=1`, which no longer exists (the job of the earlier
-- migration is replaced). Without pg_cron and pg_net (plain PostgreSQL) this schedules nothing and
-- leads-health says so.
select public.schedule_edge_function('leads-digest', '0 7 * * *', 'leads-digest', 30000);
