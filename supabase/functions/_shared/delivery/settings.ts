import { workerNames, workerSettings, type WorkerSettings } from '../outbox/worker-settings.ts'

/**
 * A lead's claim lasts longer than its slowest pass (three board calls of BOARD_TIMEOUT_MS: look-up,
 * item, note), with room to spare; the claim token covers the rest.
 */
export const DEFAULT_LEADS_LEASE_MS = 60_000

/**
 * The lead delivery's own lease and backoff (`leads`, `leads-redeliver`): LEADS_LEASE_MS (60 s),
 * LEADS_BACKOFF_BASE_MS (30 s) doubling to LEADS_BACKOFF_MAX_MS (1 h), LEADS_MAX_ATTEMPTS (10).
 * The names the leads had before (CLAIM_LEASE_MS, BACKOFF_BASE_MS, BACKOFF_MAX_MS, MAX_ATTEMPTS) are
 * read for one more release, with a warning, while the new one is unset. No other stage reads them.
 */
export function leadsWorker(read: (name: string) => string | undefined, warn?: (message: string) => void): WorkerSettings {
  return workerSettings(read, {
    names: workerNames('LEADS'),
    leaseMs: DEFAULT_LEADS_LEASE_MS,
    deprecated: { leaseMs: 'CLAIM_LEASE_MS', baseMs: 'BACKOFF_BASE_MS', maxMs: 'BACKOFF_MAX_MS', maxAttempts: 'MAX_ATTEMPTS' },
    warn,
  })
}
