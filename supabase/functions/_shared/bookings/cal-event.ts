import * as v from 'valibot'
import { escapeHtml } from '../board/update-note.ts'
import { agencyTime } from '../runtime/agency-time.ts'

export const SIGNATURE_HEADER = 'x-cal-signature-256'
export const BOOKING_EVENTS = ['BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED'] as const
export type BookingEvent = (typeof BOOKING_EVENTS)[number]

const Person = v.object({ name: v.optional(v.string(), ''), email: v.optional(v.string(), '') })

/** The part of the calendar's webhook body we use; the calendar sends much more. */
const CalWebhook = v.object({
  triggerEvent: v.string(),
  payload: v.optional(
    v.object({
      uid: v.optional(v.string()),
      rescheduleUid: v.optional(v.nullable(v.string())),
      fromReschedule: v.optional(v.nullable(v.string())),
      startTime: v.optional(v.pipe(v.string(), v.isoTimestamp())),
      organizer: v.optional(Person),
      attendees: v.optional(v.array(Person), []),
      metadata: v.optional(v.record(v.string(), v.unknown()), {}),
    }),
  ),
})

export type Booking = {
  uid: string
  event: BookingEvent
  previousUid: string | null
  submissionId: string | null
  startTime: Date
  organizer: string
  attendeeName: string
  attendeeEmail: string
  /** The board update this event adds to the lead's item. */
  note: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What a booking event says on the board, the time as the agency reads it. */
export function bookingNote(event: BookingEvent, startTime: Date, organizer: string): string {
  const when = agencyTime(startTime)
  const text =
    event === 'BOOKING_CREATED'
      ? `Strategy call booked: ${when} with ${organizer}`
      : event === 'BOOKING_RESCHEDULED'
        ? `Strategy call moved to ${when} with ${organizer}`
        : `Strategy call cancelled (was ${when} with ${organizer})`
  return `<p>${escapeHtml(text)}</p>`
}

/**
 * A booking event from the webhook body; `ignored` for the calendar's other events (and its
 * ping), `invalid` for a booking event without what we need.
 */
export function parseBooking(json: unknown): { kind: 'booking'; booking: Booking } | { kind: 'ignored' | 'invalid'; event: string } {
  const parsed = v.safeParse(CalWebhook, json)
  if (!parsed.success) return { kind: 'invalid', event: '' }
  const { triggerEvent, payload } = parsed.output
  if (!(BOOKING_EVENTS as readonly string[]).includes(triggerEvent)) return { kind: 'ignored', event: triggerEvent }
  const event = triggerEvent as BookingEvent
  const attendee = payload?.attendees[0]
  if (!payload?.uid || !payload.startTime || !attendee?.email) return { kind: 'invalid', event }
  const startTime = new Date(payload.startTime)
  const organizer = payload.organizer?.name || payload.organizer?.email || 'the team'
  const submissionId = payload.metadata.submissionId
  return {
    kind: 'booking',
    booking: {
      uid: payload.uid,
      event,
      previousUid: payload.rescheduleUid ?? payload.fromReschedule ?? null,
      submissionId: typeof submissionId === 'string' && UUID.test(submissionId) ? submissionId : null,
      startTime,
      organizer,
      attendeeName: attendee.name || attendee.email,
      attendeeEmail: attendee.email,
      note: bookingNote(event, startTime, organizer),
    },
  }
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')

/** HMAC-SHA256 of the raw body with the webhook's secret, in hex, as the calendar signs it. */
export async function signBody(body: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)))
}
