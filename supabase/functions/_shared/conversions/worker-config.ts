import { workerNames, workerSettings, type WorkerSettings } from '../outbox/worker-settings.ts'
import { positiveInt } from '../runtime/positive-int.ts'

/** The documented defaults (docs/ad-conversions.md "The outbox"). */
export const CONVERSIONS_DEFAULTS = { leaseMs: 60_000, batchSize: 20 }

/** The `conversions` stage's own settings: CONVERSIONS_LEASE_MS, CONVERSIONS_BACKOFF_*, CONVERSIONS_MAX_ATTEMPTS, CONVERSIONS_BATCH_SIZE. */
export function conversionsWorker(read: (name: string) => string | undefined): WorkerSettings & { batchSize: number } {
  return {
    ...workerSettings(read, { names: workerNames('CONVERSIONS'), leaseMs: CONVERSIONS_DEFAULTS.leaseMs }),
    batchSize: positiveInt(read('CONVERSIONS_BATCH_SIZE')) ?? CONVERSIONS_DEFAULTS.batchSize,
  }
}
