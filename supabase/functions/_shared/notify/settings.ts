import type { BackoffPolicy } from '../outbox/backoff.ts'
import { envInt } from '../runtime/env.ts'

export const DEFAULT_NOTIFY_LEASE_MS = 30_000
export const DEFAULT_NOTIFY_BACKOFF: Omit<BackoffPolicy, 'random'> = { baseMs: 30_000, maxMs: 30 * 60_000, maxAttempts: 8 }

/** The notifications worker's own settings (NOTIFY_*); it reads no other stage's names. */
export function notifySettings() {
  return {
    leaseMs: envInt('NOTIFY_LEASE_MS', DEFAULT_NOTIFY_LEASE_MS),
    backoff: {
      baseMs: envInt('NOTIFY_BACKOFF_BASE_MS', DEFAULT_NOTIFY_BACKOFF.baseMs),
      maxMs: envInt('NOTIFY_BACKOFF_MAX_MS', DEFAULT_NOTIFY_BACKOFF.maxMs),
      maxAttempts: envInt('NOTIFY_MAX_ATTEMPTS', DEFAULT_NOTIFY_BACKOFF.maxAttempts),
      random: Math.random,
    } satisfies BackoffPolicy,
  }
}
