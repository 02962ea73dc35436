import * as v from 'valibot'
import { escapeHtml } from '../board/update-note.ts'
import { agencyTime } from '../runtime/agency-time.ts'
import { BOOKING_REF_KEY, BOOKING_SIG_KEY } from './booking-link.ts'
import { meetingLink } from './meeting-link.ts'

export const SIGNATURE_HEADER = 'x-cal-signature-256'
export const BOOKING_EVENTS = ['BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED', 'MEETING_ENDED'] as const
export type BookingEvent = (typeof BOOKING_EVENTS)[number]

const Person = v.object({
  name: v.optional(v.string(), ''),
  email: v.optional(v.string(), ''),
  timeZone: v.optional(v.nullable(v.string())),
})
/** A booking question's answer, as `responses` carries it: `{ label, value }`, the value absent when unanswered. */
const Answer = v.optional(v.object({ value: v.optional(v.unknown()) }))

/** The part of the calendar's webhook body we use (its documented payload); the calendar sends much more. */
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
      videoCallData: v.optional(v.nullable(v.object({ url: v.optional(v.unknown()) }))),
      additionalNotes: v.optional(v.nullable(v.string())),
      cancellationReason: v.optional(v.nullable(v.string())),
      rescheduleReason: v.optional(v.nullable(v.string())),
      responses: v.optional(v.object({ attendeePhoneNumber: Answer, phone: Answer, notes: Answer, rescheduleReason: Answer }), {}),
    }),
  ),
})

export type Booking = {
  uid: string
  event: BookingEvent
  previousUid: string | null
  /** The lead reference and signature the booking link carried, unchecked (cal-webhook checks them). */
  claimedRef: string | null
  claimedSig: string | null
  startTime: Date
  organizer: string
  attendeeName: string
  attendeeEmail: string
  /** The phone the attendee gave the calendar, as typed; '' when none. */
  attendeePhone: string
  /** The board update this event adds to the lead's item. */
  note: string
  /** Why the attendee cancelled, for the digest; '' when they gave no reason or did not cancel. */
  cancellationReason: string
}

/** What the note says beside the time: each part only when the calendar sent it. */
export type BookingDetails = {
  attendeeZone?: string | null
  meetingLink?: string
  phone?: string
  notes?: string
  reason?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const HEADLINES: Record<BookingEvent, (when: string, organizer: string) => string> = {
  BOOKING_CREATED: (when, organizer) => `Strategy call booked: ${when} with ${organizer}`,
  BOOKING_RESCHEDULED: (when, organizer) => `Strategy call moved to ${when} with ${organizer}`,
  BOOKING_CANCELLED: (when, organizer) => `Strategy call cancelled (was ${when} with ${organizer})`,
  MEETING_ENDED: (when, organizer) => `Strategy call held: ${when} with ${organizer}`,
}

/** The attendee's own time, when their zone is a real one and reads differently from the agency's. */
function theirTime(startTime: Date, zone: string | null | undefined): string | undefined {
  if (!zone) return undefined
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
  } catch {
    return undefined
  }
  const theirs = agencyTime(startTime, zone)
  return theirs === agencyTime(startTime) ? undefined : `${theirs} (${zone})`
}

/**
 * What a booking event says on the board: the time as the agency reads it (and as the attendee
 * does, when that differs), then the meeting link, the phone, the notes and the reason the
 * calendar sent, one paragraph each, every value escaped.
 */
export function bookingNote(event: BookingEvent, startTime: Date, organizer: string, details: BookingDetails = {}): string {
  const their = theirTime(startTime, details.attendeeZone)
  const link = details.meetingLink && escapeHtml(details.meetingLink)
  const reasonLabel = event === 'BOOKING_CANCELLED' ? 'Cancellation reason' : 'Reason for the move'
  const lines = [
    escapeHtml(HEADLINES[event](agencyTime(startTime), organizer)),
    their && `Their time: ${escapeHtml(their)}`,
    link && `Meeting link: <a href="${link}">${link}</a>`,
    details.phone && `Phone: ${escapeHtml(details.phone)}`,
    details.notes && `Notes: ${escapeHtml(details.notes)}`,
    details.reason && `${reasonLabel}: ${escapeHtml(details.reason)}`,
  ]
  return lines
    .filter(Boolean)
    .map((line) => `<p>${line}</p>`)
    .join('')
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/**
 * A booking event from the webhook body; `ignored` for the calendar's other events (and its
 * ping), `invalid` for a booking event without what we need.
 */
export function parseBooking(
  json: unknown,
  meetingHosts?: readonly string[],
): { kind: 'booking'; booking: Booking } | { kind: 'ignored' | 'invalid'; event: string } {
  const parsed = v.safeParse(CalWebhook, json)
  if (!parsed.success) return { kind: 'invalid', event: '' }
  const { triggerEvent, payload } = parsed.output
  if (!(BOOKING_EVENTS as readonly string[]).includes(triggerEvent)) return { kind: 'ignored', event: triggerEvent }
  const event = triggerEvent as BookingEvent
  const attendee = payload?.attendees[0]
  if (!payload?.uid || !payload.startTime || !attendee?.email) return { kind: 'invalid', event }
  const startTime = new Date(payload.startTime)
  const organizer = payload.organizer?.name || payload.organizer?.email || 'the team'
  const ref = payload.metadata[BOOKING_REF_KEY]
  const sig = payload.metadata[BOOKING_SIG_KEY]
  const { responses } = payload
  const phone = text(responses.attendeePhoneNumber?.value) || text(responses.phone?.value)
  const reason =
    event === 'BOOKING_CANCELLED'
      ? text(payload.cancellationReason)
      : event === 'BOOKING_RESCHEDULED'
        ? text(payload.rescheduleReason) || text(responses.rescheduleReason?.value)
        : ''
  const details: BookingDetails = {
    attendeeZone: attendee.timeZone,
    meetingLink: meetingLink({ videoCallData: payload.videoCallData?.url, videoCallUrl: payload.metadata.videoCallUrl }, meetingHosts),
    phone,
    notes: text(responses.notes?.value) || text(payload.additionalNotes),
    reason,
  }
  return {
    kind: 'booking',
    booking: {
      uid: payload.uid,
      event,
      previousUid: payload.rescheduleUid ?? payload.fromReschedule ?? null,
      claimedRef: typeof ref === 'string' && UUID.test(ref) ? ref : null,
      claimedSig: typeof sig === 'string' && sig.length <= 100 ? sig : null,
      startTime,
      organizer,
      attendeeName: attendee.name || attendee.email,
      attendeeEmail: attendee.email,
      attendeePhone: phone,
      note: bookingNote(event, startTime, organizer, details),
      cancellationReason: event === 'BOOKING_CANCELLED' ? oneLine(reason).slice(0, 500) : '',
    },
  }
}

/** Control characters (line breaks included) become spaces: the digest shows the reason on one line. */
const oneLine = (text: string) => Array.from(text, (char) => (char < ' ' ? ' ' : char)).join('')

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')

/** HMAC-SHA256 of the raw body with the webhook's secret, in hex, as the calendar signs it. */
export async function signBody(body: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)))
}
