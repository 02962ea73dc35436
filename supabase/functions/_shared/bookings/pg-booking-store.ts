import type { Sql } from '../runtime/db.ts'
import type { BookingStore, PendingBooking, RecordedBooking } from './booking-store.ts'

const MAX_ERROR_LENGTH = 1_000

export function pgBookingStore(sql: Sql): BookingStore {
  return {
    record: (booking, leaseMs) =>
      sql.begin(async (tx): Promise<RecordedBooking | undefined> => {
        const [bySubmission] = booking.submissionId
          ? await tx<{ id: string; board_item_id: string | null }[]>`
              select id, board_item_id from leads where submission_id = ${booking.submissionId}`
          : []
        const [match] = bySubmission
          ? [bySubmission]
          : await tx<{ id: string; board_item_id: string | null }[]>`
              select id, board_item_id from leads
              where lower(lead ->> 'email') = lower(${booking.attendeeEmail}) and status <> 'spam'
                and created_at >= now() - interval '30 days'
              order by created_at desc limit 1`
        const uids = [booking.uid, ...(booking.previousUid ? [booking.previousUid] : [])]
        const [earlier] = await tx<{ board_item_id: string }[]>`
          select board_item_id from lead_bookings
          where booking_uid in ${tx(uids)} and board_item_id is not null order by id limit 1`
        const itemId = match?.board_item_id ?? earlier?.board_item_id ?? null
        // Claimed while this call sends it; a lead not on the board yet leaves it to `leads-redeliver`.
        const waits = match !== undefined && itemId === null
        const [row] = await tx<{ id: string }[]>`
          insert into lead_bookings (booking_uid, trigger_event, previous_uid, lead_id, start_time, organizer,
            attendee_name, attendee_email, note, claimed_until)
          values (${booking.uid}, ${booking.event}, ${booking.previousUid}, ${match?.id ?? null}, ${booking.startTime},
            ${booking.organizer}, ${booking.attendeeName}, ${booking.attendeeEmail}, ${booking.note},
            ${waits ? null : tx`now() + make_interval(secs => ${leaseMs / 1000})`})
          on conflict (booking_uid, trigger_event) do nothing
          returning id`
        if (!row) return undefined
        return { id: String(row.id), leadId: match ? String(match.id) : null, itemId }
      }),
    async sent(id, itemId) {
      await sql`update lead_bookings set board_state = 'sent', board_item_id = ${itemId}, sent_at = now(), claimed_until = null,
        last_error = null where id = ${id}`
    },
    async notSent(id, error) {
      await sql`update lead_bookings set claimed_until = null, last_error = ${error.slice(0, MAX_ERROR_LENGTH)} where id = ${id}`
    },
    async claimDeliverable(limit, leaseMs) {
      const rows = await sql<{ id: string; item_id: string; note: string }[]>`
        update lead_bookings b set claimed_until = now() + make_interval(secs => ${leaseMs / 1000})
        from (
          select b2.id, l.board_item_id from lead_bookings b2 join leads l on l.id = b2.lead_id
          where b2.board_state = 'pending' and l.board_item_id is not null
            and (b2.claimed_until is null or b2.claimed_until < now())
          order by b2.id limit ${limit}
          for update of b2 skip locked
        ) due
        where b.id = due.id
        returning b.id, due.board_item_id as item_id, b.note`
      return rows.map((row): PendingBooking => ({ id: String(row.id), itemId: row.item_id, note: row.note }))
    },
  }
}
