import { json, methodNotAllowed, readLimitedText } from '../_shared/http/http.ts'
import { sameSecret } from '../_shared/http/secret.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { Board } from '../_shared/delivery/deliver-lead.ts'
import type { BookingStore } from '../_shared/bookings/booking-store.ts'
import { parseBooking, signBody, SIGNATURE_HEADER, type Booking } from '../_shared/bookings/cal-event.ts'
import { bookingColumnValues } from '../_shared/bookings/booking-item.ts'

export type CalWebhookDeps = {
  secret: string | undefined
  store: BookingStore | undefined
  board: Board | undefined
  logger: Logger
  leaseMs: number
}

const MAX_BODY_BYTES = 256 * 1024

/**
 * The calendar's webhooks (BOOKING_CREATED, _RESCHEDULED, _CANCELLED), signed with
 * CAL_WEBHOOK_SECRET. Each booking event is recorded once (a replay answers 200 and changes
 * nothing), then its update goes to the lead's board item, waits for it (the lead is still
 * pending: `leads-redeliver` sends it), or, with no lead, goes on a new 'Booking: <name>' item.
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
      parsed = parseBooking(JSON.parse(body))
    } catch {
      return json(400, { error: 'Invalid JSON' })
    }
    if (parsed.kind !== 'booking') {
      return parsed.kind === 'ignored' ? json(200, { ignored: parsed.event }) : json(400, { error: 'Not a booking we can read' })
    }
    if (!deps.store) return json(503, { error: 'The webhook is not configured' })

    const { booking } = parsed
    const recorded = await deps.store.record(booking, deps.leaseMs)
    if (!recorded) return json(200, { duplicate: true })
    deps.logger.info('booking recorded', { uid: booking.uid, event: booking.event, leadId: recorded.leadId })
    if (!deps.board) return json(202, { recorded: true, board: 'not configured' })
    // Unclaimed: its lead is not on the board yet, and `leads-redeliver` sends it once it is.
    if (recorded.claimToken === null) return json(202, { recorded: true, board: 'waits for the lead' })
    const claim = { id: recorded.id, claimToken: recorded.claimToken }
    const late = (applied: boolean) => {
      if (!applied) deps.logger.warn('late outcome ignored', { id: recorded.id, uid: booking.uid })
    }

    const itemId = recorded.itemId ?? (await bookingItem(booking, deps.board, deps.logger))
    if (!itemId) {
      late(await deps.store.notSent(claim, 'the booking item could not be created'))
      return json(202, { recorded: true, board: 'failed' })
    }
    const update = await deps.board.client.createUpdate({ itemId, body: booking.note })
    if (!update.ok) {
      // The row stays pending: a lead's booking is sent again by `leads-redeliver`.
      late(await deps.store.notSent(claim, `${update.failure.reason}: ${update.failure.message}`))
      deps.logger.warn('booking update not sent', { uid: booking.uid, itemId, ...update.failure })
      return json(202, { recorded: true, board: 'failed' })
    }
    late(await deps.store.sent(claim, itemId))
    return json(200, { recorded: true, itemId })
  }
}

/** A booking that matches no lead (booked from the calendar's own page) gets an item of its own. */
async function bookingItem(booking: Booking, board: Board, logger: Logger): Promise<string | undefined> {
  const item = await board.client.createItem({
    boardId: board.boardId,
    groupId: board.groupId,
    itemName: `Booking: ${booking.attendeeName}`,
    columnValues: bookingColumnValues(booking),
  })
  if (item.ok) return item.id
  logger.warn('booking item not created', { uid: booking.uid, ...item.failure })
  return undefined
}
