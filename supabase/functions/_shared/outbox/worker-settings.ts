import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.ts'
import { positiveInt } from '../runtime/positive-int.ts'

/** One worker's claim lease and backoff, from its own names. */
export type WorkerSettings = { leaseMs: number; backoff: Omit<BackoffPolicy, 'random'> }

export type WorkerNames = { leaseMs: string; baseMs: string; maxMs: string; maxAttempts: string }

/** A stage's names: `<STAGE>_LEASE_MS`, `<STAGE>_BACKOFF_BASE_MS`, `<STAGE>_BACKOFF_MAX_MS`, `<STAGE>_MAX_ATTEMPTS`. */
export const workerNames = (stage: string): WorkerNames => ({
  leaseMs: `${stage}_LEASE_MS`,
  baseMs: `${stage}_BACKOFF_BASE_MS`,
  maxMs: `${stage}_BACKOFF_MAX_MS`,
  maxAttempts: `${stage}_MAX_ATTEMPTS`,
})

export type WorkerSpec = {
  names: WorkerNames
  /** The documented defaults; the backoff's are DEFAULT_BACKOFF unless given. */
  leaseMs: number
  backoff?: Omit<BackoffPolicy, 'random'>
  /**
   * Names this stage owned before it had its own, read (with `warn`) only while the new one is
   * unset: kept for one release, never another stage's.
   */
  deprecated?: Partial<WorkerNames>
  warn?: (message: string) => void
}

/** A worker's lease and backoff: each its own name, else its old name (warned), else the default. */
export function workerSettings(read: (name: string) => string | undefined, spec: WorkerSpec): WorkerSettings {
  const defaults = { leaseMs: spec.leaseMs, ...(spec.backoff ?? DEFAULT_BACKOFF) }
  const value = (key: keyof WorkerNames): number => {
    const own = positiveInt(read(spec.names[key]))
    if (own !== undefined) return own
    const old = spec.deprecated?.[key]
    const legacy = old === undefined ? undefined : positiveInt(read(old))
    if (old !== undefined && legacy !== undefined) {
      spec.warn?.(`${old} is deprecated and will be ignored in the next release: set ${spec.names[key]}`)
      return legacy
    }
    return defaults[key]
  }
  return { leaseMs: value('leaseMs'), backoff: { baseMs: value('baseMs'), maxMs: value('maxMs'), maxAttempts: value('maxAttempts') } }
}
