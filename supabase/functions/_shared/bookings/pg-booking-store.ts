import { outboxFields, pgOutbox } from '../outbox/pg-outbox.ts'
import type { Sql } from '../runtime/db.ts'
import { failWithNotice } from '../notify/outbox-notice.ts'
import type { BookingItem, BookingLead, BookingReview, BookingStore, RecordedBooking } from './booking-store.ts'

type Row = {
  id: string
  booking_uid: string
  trigger_event: BookingItem['event']
  start_time: Date
  lead_id: string | null
  possible_lead_id: string | null
  staff_decision: BookingItem['staffDecision']
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
  possibleLeadId: row.possible_lead_id === null ? null : String(row.possible_lead_id),
  staffDecision: row.staff_decision ?? null,
  itemKey: row.item_key,
  boardItemId: row.board_item_id,
  attendeeName: row.attendee_name,
  attendeeEmail: row.attendee_email,
  attendeePhone: row.attendee_phone,
  note: row.note,
})

type LeadRow = { status: BookingLead['status']; board_item_id: string | null; spam_reason: string | null; name: string | null }
const toLead = (row: LeadRow): BookingLead & { name: string } => ({
  status: row.status,
  boardItemId: row.board_item_id,
  spamReason: row.spam_reason,
  name: row.name ?? '',
})
const idOf = (id: string | null | undefined) => (id === null || id === undefined ? null : String(id))

export function pgBookingStore(sql: Sql): BookingStore {
  const outbox = pgOutbox<Row, BookingItem>(sql, { table: 'lead_bookings', key: 'id', doneStatus: 'sent', doneAt: 'sent_at', toItem })
  return {
    ...outbox,
    record: (booking, provenRef) =>
      sql.begin(async (tx): Promise<RecordedBooking | undefined> => {
        const uids = [booking.uid, ...(booking.previousUid ? [booking.previousUid] : [])]
        const [earlier] = await tx<{ lead_id: string | null; possible_lead_id: string | null; item_key: string }[]>`
          select lead_id, possible_lead_id, item_key from lead_bookings where booking_uid in ${tx(uids)} order by id limit 1`
        // Only a verified reference ties the booking to a lead; the rest is a hint for a person.
        const [proven] = !earlier && provenRef ? await tx<{ id: string }[]>`select id from leads where submission_id = ${provenRef}` : []
        const [possible] =
          earlier || proven
            ? []
            : await tx<{ id: string }[]>`
                select id from leads
                where submission_id = ${booking.claimedRef}
                  or (lower(lead ->> 'email') = lower(${booking.attendeeEmail}) and created_at >= now() - interval '30 days')
                order by submission_id = ${booking.claimedRef} is true desc, status = 'spam', created_at desc limit 1`
        const leadId = earlier ? earlier.lead_id : (proven?.id ?? null)
        const possibleLeadId = earlier ? earlier.possible_lead_id : (possible?.id ?? null)
        const [row] = await tx<{ id: string }[]>`
          insert into lead_bookings (booking_uid, trigger_event, previous_uid, lead_id, possible_lead_id, item_key, start_time,
            organizer, attendee_name, attendee_email, attendee_phone, note, cancellation_reason)
          values (${booking.uid}, ${booking.event}, ${booking.previousUid}, ${leadId}, ${possibleLeadId},
            ${earlier?.item_key ?? `booking:${booking.previousUid ?? booking.uid}`}, ${booking.startTime},
            ${booking.organizer}, ${booking.attendeeName}, ${booking.attendeeEmail}, ${booking.attendeePhone}, ${booking.note},
            ${booking.cancellationReason || null})
          on conflict (booking_uid, trigger_event) do nothing
          returning id`
        if (!row) return undefined
        return { id: String(row.id), leadId: idOf(leadId), possibleLeadId: idOf(possibleLeadId) }
      }),
    async lead(leadId) {
      const [row] = await sql<LeadRow[]>`select status, board_item_id, spam_reason, null as name from leads where id = ${leadId}`
      return row && toLead(row)
    },
    async review(booking): Promise<BookingReview> {
      const [possible] = booking.possibleLeadId
        ? await sql<LeadRow[]>`
            select status, board_item_id, spam_reason, lead ->> 'name' as name from leads where id = ${booking.possibleLeadId}`
        : []
      const [flagged] = booking.attendeeEmail
        ? await sql<{ spam_reason: string | null }[]>`
            select spam_reason from leads
            where status = 'spam' and lower(lead ->> 'email') = lower(${booking.attendeeEmail}) and created_at >= now() - interval '30 days'
            order by created_at desc limit 1`
        : []
      return { possible: possible && toLead(possible), flaggedSameEmail: flagged && { spamReason: flagged.spam_reason } }
    },
    async earlierItem(itemKey) {
      const [row] = await sql<{ board_item_id: string }[]>`
        select board_item_id from lead_bookings where item_key = ${itemKey} and board_item_id is not null order by id limit 1`
      return row?.board_item_id
    },
    recordItem: (item, itemId) => outbox.record(item, { board_item_id: itemId }),
    async hasLaterEvent(booking) {
      const rows = await sql`select 1 from lead_bookings where item_key = ${booking.itemKey} and id > ${booking.id} limit 1`
      return rows.length > 0
    },
    failedWithNotice: (booking, failure, notice) => failWithNotice(sql, 'lead_bookings', booking, failure, notice),
  }
}
