import type { Sql } from '../runtime/db.ts'
import type { ClaimRef } from '../outbox/outbox.ts'
import type { BookingStore, PendingBooking, RecordedBooking } from './booking-store.ts'

const MAX_ERROR_LENGTH = 1_000

export function pgBookingStore(sql: Sql): BookingStore {
  const underClaim = (booking: ClaimRef) => sql`id = ${booking.id} and claim_token = ${booking.claimToken} and board_state = 'pending'`
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
        const [row] = await tx<{ id: string; claim_token: string | null }[]>`
          insert into lead_bookings (booking_uid, trigger_event, previous_uid, lead_id, start_time, organizer,
            attendee_name, attendee_email, note, claimed_until, claim_token)
          values (${booking.uid}, ${booking.event}, ${booking.previousUid}, ${match?.id ?? null}, ${booking.startTime},
            ${booking.organizer}, ${booking.attendeeName}, ${booking.attendeeEmail}, ${booking.note},
            ${waits ? null : tx`now() + make_interval(secs => ${leaseMs / 1000})`}, ${waits ? null : tx`gen_random_uuid()`})
          on conflict (booking_uid, trigger_event) do nothing
          returning id, claim_token`
        if (!row) return undefined
        return { id: String(row.id), leadId: match ? String(match.id) : null, itemId, claimToken: row.claim_token }
      }),
    async sent(booking, itemId) {
      const rows =
        await sql`update lead_bookings set board_state = 'sent', board_item_id = ${itemId}, sent_at = now(), claimed_until = null,
        claim_token = null, last_error = null where ${underClaim(booking)} returning id`
      return rows.length === 1
    },
    async notSent(booking, error) {
      const rows =
        await sql`update lead_bookings set claimed_until = null, claim_token = null, last_error = ${error.slice(0, MAX_ERROR_LENGTH)}
        where ${underClaim(booking)} returning id`
      return rows.length === 1
    },
    async claimDeliverable(limit, leaseMs) {
      const rows = await sql<{ id: string; claim_token: string; item_id: string; note: string }[]>`
        update lead_bookings b set claimed_until = now() + make_interval(secs => ${leaseMs / 1000}), claim_token = gen_random_uuid()
        from (
          select b2.id, l.board_item_id from lead_bookings b2 join leads l on l.id = b2.lead_id
          where b2.board_state = 'pending' and l.board_item_id is not null
            and (b2.claimed_until is null or b2.claimed_until < now())
          order by b2.id limit ${limit}
          for update of b2 skip locked
        ) due
        where b.id = due.id
        returning b.id, b.claim_token, due.board_item_id as item_id, b.note`
      return rows.map((row): PendingBooking => ({ id: String(row.id), claimToken: row.claim_token, itemId: row.item_id, note: row.note }))
    },
  }
}
