import { DEFAULT_BACKOFF, type BackoffPolicy } from '../outbox/backoff.ts'
import { DEFAULT_BOARD_TIMEOUT_MS } from '../delivery/deliver-lead.ts'
import { envInt } from '../runtime/env.ts'

/**
 * The settings of the booking updates and payment alerts (`webhook-events`), apart from the leads':
 * the board's timeout, how long a claim lasts, the backoff, and how long a booking waits before it
 * looks again for a lead that is not on the board yet. The board's own settings (`MONDAY_*`) are shared.
 */
export function bookingsConfig() {
  const backoff: Omit<BackoffPolicy, 'random'> = {
    baseMs: envInt('BOOKINGS_BACKOFF_BASE_MS', DEFAULT_BACKOFF.baseMs),
    maxMs: envInt('BOOKINGS_BACKOFF_MAX_MS', DEFAULT_BACKOFF.maxMs),
    maxAttempts: envInt('BOOKINGS_MAX_ATTEMPTS', DEFAULT_BACKOFF.maxAttempts),
  }
  return {
    boardTimeoutMs: envInt('BOOKINGS_BOARD_TIMEOUT_MS', DEFAULT_BOARD_TIMEOUT_MS),
    // Three board calls at most per booking (find, create, update), each within its timeout.
    leaseMs: envInt('BOOKINGS_LEASE_MS', 60_000),
    leadWaitMs: envInt('BOOKINGS_LEAD_WAIT_MS', 60_000),
    backoff,
    // Shorter than the Cron interval (a minute): a run stops claiming before the next one starts.
    budgetMs: envInt('WEBHOOK_EVENTS_BUDGET_MS', 40_000),
    batchSize: envInt('WEBHOOK_EVENTS_BATCH_SIZE', 50),
  }
}
