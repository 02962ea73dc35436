import { DEFAULT_BOARD_TIMEOUT_MS } from '../board/board.ts'
import { positiveInt } from '../runtime/positive-int.ts'
import { workerNames, workerSettings } from '../outbox/worker-settings.ts'

/**
 * The settings of the booking updates (`webhook-events`), apart from every other stage's: the board's
 * timeout, how long a claim lasts, the backoff, and how long a booking waits before it looks again for
 * a lead that is not on the board yet: BOOKINGS_BOARD_TIMEOUT_MS (4 s), BOOKINGS_LEASE_MS (60 s),
 * BOOKINGS_BACKOFF_BASE_MS (30 s), BOOKINGS_BACKOFF_MAX_MS (1 h), BOOKINGS_MAX_ATTEMPTS (10),
 * BOOKINGS_LEAD_WAIT_MS (60 s). The board's own settings are `_shared/board/settings.ts`'s; the
 * payments and board decisions the same function works have their own (PAYMENTS_*, DECISIONS_*).
 */
export function bookingsConfig(read: (name: string) => string | undefined) {
  const int = (name: string, fallback: number) => positiveInt(read(name)) ?? fallback
  return {
    boardTimeoutMs: int('BOOKINGS_BOARD_TIMEOUT_MS', DEFAULT_BOARD_TIMEOUT_MS),
    // Three board calls at most per booking (find, create, update), each within its timeout.
    ...workerSettings(read, { names: workerNames('BOOKINGS'), leaseMs: 60_000 }),
    leadWaitMs: int('BOOKINGS_LEAD_WAIT_MS', 60_000),
    // Shorter than the Cron interval (a minute): a run stops claiming before the next one starts.
    budgetMs: int('WEBHOOK_EVENTS_BUDGET_MS', 40_000),
    batchSize: int('WEBHOOK_EVENTS_BATCH_SIZE', 50),
  }
}
