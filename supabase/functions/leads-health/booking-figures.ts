import type { Sql } from '../_shared/runtime/db.ts'

/** Booking updates (lead_bookings) the board has not taken: waiting, waiting too long, given up. */
export type BookingFigures = { pending: number; stale: number; failed: number }

export async function bookingFigures(sql: Sql, pendingMinutes: number): Promise<BookingFigures> {
  // The state column is `board_state` ('pending', 'sent') or, once bookings are an outbox, `status` (with 'failed').
  const [row] = await sql<BookingFigures[]>`
    with b as (select coalesce(to_jsonb(lb) ->> 'status', to_jsonb(lb) ->> 'board_state') as state, created_at from lead_bookings lb)
    select count(*) filter (where state = 'pending')::int as pending,
      count(*) filter (where state = 'pending' and created_at < now() - make_interval(mins => ${pendingMinutes}))::int as stale,
      count(*) filter (where state = 'failed')::int as failed
    from b`
  return row!
}
