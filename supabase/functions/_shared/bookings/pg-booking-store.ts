import { outboxFields, pgOutbox } from '../outbox/pg-outbox.ts'
import type { Sql } from '../runtime/db.ts'
import type { BookingItem, BookingLead, BookingStore, RecordedBooking } from './booking-store.ts'

type Row = {
  id: string
  booking_uid: string
  trigger_event: BookingItem['event']
  start_time: Date
  lead_id: string | null
  item_key: string
  board_item_id: string | null
  attendee_name: string
  attendee_email: string
  attendee_phone: string
  note: string
  attempts: number
  claimed_until: Date | null
  claim_token: string | null
  last_error: string | null
  failure_reason: string | null
  created_at: Date
}

const toItem = (row: Row): BookingItem => ({
  ...outboxFields(row),
  createdAt: row.created_at,
  bookingUid: row.booking_uid,
  event: row.trigger_event,
  startTime: row.start_time,
  leadId: row.lead_id === null ? null : String(row.lead_id),
  itemKey: row.item_key,
  boardItemId: row.board_item_id,
  attendeeName: row.attendee_name,
  attendeeEmail: row.attendee_email,
  attendeePhone: row.attendee_phone,
  note: row.note,
})

type LeadMatch = { id: string; status: BookingLead['status'] }

export function pgBookingStore(sql: Sql): BookingStore {
  const outbox = pgOutbox<Row, BookingItem>(sql, { table: 'lead_bookings', key: 'id', doneStatus: 'sent', doneAt: 'sent_at', toItem })
  return {
    ...outbox,
    record: (booking) =>
      sql.begin(async (tx): Promise<RecordedBooking | undefined> => {
        const [bySubmission] = booking.submissionId
          ? await tx<LeadMatch[]>`select id, status from leads where submission_id = ${booking.submissionId} for update`
          : []
        const [lead] = bySubmission
          ? [bySubmission]
          : await tx<LeadMatch[]>`
              select id, status from leads
              where lower(lead ->> 'email') = lower(${booking.attendeeEmail}) and created_at >= now() - interval '30 days'
              order by status = 'spam', created_at desc limit 1
              for update`
        const uids = [booking.uid, ...(booking.previousUid ? [booking.previousUid] : [])]
        const [earlier] = await tx<{ lead_id: string | null; item_key: string }[]>`
          select lead_id, item_key from lead_bookings where booking_uid in ${tx(uids)} order by id limit 1`
        const leadId = lead?.id ?? earlier?.lead_id ?? null
        const [row] = await tx<{ id: string }[]>`
          insert into lead_bookings (booking_uid, trigger_event, previous_uid, lead_id, item_key, start_time, organizer,
            attendee_name, attendee_email, attendee_phone, note, cancellation_reason)
          values (${booking.uid}, ${booking.event}, ${booking.previousUid}, ${leadId},
            ${earlier?.item_key ?? `booking:${booking.previousUid ?? booking.uid}`}, ${booking.startTime},
            ${booking.organizer}, ${booking.attendeeName}, ${booking.attendeeEmail}, ${booking.attendeePhone}, ${booking.note},
            ${booking.cancellationReason || null})
          on conflict (booking_uid, trigger_event) do nothing
          returning id`
        if (!row) return undefined
        // Someone who books a call is not spam: the lead goes back to the outbox and is delivered.
        const released =
          lead?.status === 'spam' &&
          (
            await tx`
              update leads set status = 'pending', spam_reason = null, attempts = 0, next_attempt_at = now(),
                claimed_until = null, updated_at = now()
              where id = ${lead.id} and status = 'spam' returning id`
          ).length === 1
        return { id: String(row.id), leadId: leadId === null ? null : String(leadId), released }
      }),
    async lead(leadId) {
      const [row] = await sql<{ status: BookingLead['status']; board_item_id: string | null }[]>`
        select status, board_item_id from leads where id = ${leadId}`
      return row && { status: row.status, boardItemId: row.board_item_id }
    },
    async earlierItem(itemKey) {
      const [row] = await sql<{ board_item_id: string }[]>`
        select board_item_id from lead_bookings where item_key = ${itemKey} and board_item_id is not null order by id limit 1`
      return row?.board_item_id
    },
    async recordItem(item, itemId) {
      const rows = await sql`
        update lead_bookings set board_item_id = ${itemId}, updated_at = now()
        where id = ${item.id} and claim_token = ${item.claimToken} and status = 'pending' returning id`
      return rows.length === 1
    },
    async hasLaterEvent(booking) {
      const rows = await sql`select 1 from lead_bookings where item_key = ${booking.itemKey} and id > ${booking.id} limit 1`
      return rows.length > 0
    },
    async claimFailureAlert(id) {
      const rows = await sql`
        update lead_bookings set failure_alerted_at = now()
        where id = ${id} and status = 'failed' and failure_alerted_at is null returning id`
      return rows.length === 1
    },
  }
}
