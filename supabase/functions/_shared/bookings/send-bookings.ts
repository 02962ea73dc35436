import type { Board } from '../delivery/deliver-lead.ts'
import type { Logger } from '../runtime/logger.ts'
import type { BookingStore } from './booking-store.ts'

export type SendBookingsDeps = { store: BookingStore; board: Board; logger: Logger; leaseMs: number; batchSize?: number }

/**
 * Sends the booking updates that waited for their lead's item (it was not on the board when the
 * calendar called, or the board failed then). Run by `leads-redeliver` after each delivery run.
 */
export async function sendPendingBookings(deps: SendBookingsDeps): Promise<{ sent: number; failed: number }> {
  const report = { sent: 0, failed: 0 }
  for (const pending of await deps.store.claimDeliverable(deps.batchSize ?? 50, deps.leaseMs)) {
    const update = await deps.board.client.createUpdate({ itemId: pending.itemId, body: pending.note })
    const applied = update.ok
      ? await deps.store.sent(pending, pending.itemId)
      : await deps.store.notSent(pending, `${update.failure.reason}: ${update.failure.message}`)
    // A newer claim owns it (this run's lease lapsed): what this run learnt changes nothing.
    if (!applied) deps.logger.warn('late outcome ignored', { id: pending.id, itemId: pending.itemId })
    if (update.ok) report.sent++
    else {
      deps.logger.warn('booking update not sent', { bookingId: pending.id, itemId: pending.itemId, ...update.failure })
      report.failed++
    }
  }
  return report
}
