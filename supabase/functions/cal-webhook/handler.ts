import { json, methodNotAllowed, readLimitedText } from '../_shared/http/http.ts'
import { sameSecret } from '../_shared/http/secret.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { BookingStore } from '../_shared/bookings/booking-store.ts'
import { parseBooking, signBody, SIGNATURE_HEADER } from '../_shared/bookings/cal-event.ts'
import { provenBookingRef } from '../_shared/bookings/booking-link.ts'

export type CalWebhookDeps = {
  secret: string | undefined
  store: BookingStore | undefined
  logger: Logger
  /** BOOKING_LINK_SECRET: verifies the lead reference the booking link carries; without it no booking is tied to a lead. */
  linkSecret: string | undefined
  /** CAL_MEETING_HOSTS: where a meeting link may point (meeting-link.ts). */
  meetingHosts?: readonly string[]
}

const MAX_BODY_BYTES = 256 * 1024

/**
 * The calendar's webhooks (BOOKING_CREATED, _RESCHEDULED, _CANCELLED), signed with
 * CAL_WEBHOOK_SECRET. Each booking event is recorded once, by booking uid and trigger event, and
 * answered at once: 202 when new, 200 for a replay. It is tied to a lead only when its link's lead
 * reference carries a valid signature; an e-mail that matches is only a hint for a person. Nothing
 * outside is called here: the `webhook-events` worker, woken by the insert, puts its update on the board.
 */
export function createCalWebhookHandler(deps: CalWebhookDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    if (!deps.secret) {
      deps.logger.error('cal-webhook has no CAL_WEBHOOK_SECRET: refusing every call')
      return json(503, { error: 'The webhook is not configured' })
    }
    const body = await readLimitedText(req, MAX_BODY_BYTES)
    if (body === 'too-large') return json(413, { error: 'Body too large' })
    if (!sameSecret(req.headers.get(SIGNATURE_HEADER)?.trim().toLowerCase() ?? '', await signBody(body, deps.secret))) {
      deps.logger.warn('cal-webhook: missing or bad signature')
      return json(401, { error: 'Unauthorized' })
    }
    let parsed: ReturnType<typeof parseBooking>
    try {
      parsed = parseBooking(JSON.parse(body), deps.meetingHosts)
    } catch {
      return json(400, { error: 'Invalid JSON' })
    }
    if (parsed.kind !== 'booking') {
      return parsed.kind === 'ignored' ? json(200, { ignored: parsed.event }) : json(400, { error: 'Not a booking we can read' })
    }
    if (!deps.store) return json(503, { error: 'The webhook is not configured' })

    const { booking } = parsed
    const provenRef = (await provenBookingRef(deps.linkSecret, booking.claimedRef, booking.claimedSig)) ?? null
    if (booking.claimedRef && !provenRef) deps.logger.warn('booking names a lead without a valid signature', { uid: booking.uid })
    const recorded = await deps.store.record(booking, provenRef)
    if (!recorded) return json(200, { duplicate: true })
    deps.logger.info('booking recorded', { uid: booking.uid, event: booking.event, ...recorded })
    return json(202, { recorded: true })
  }
}
