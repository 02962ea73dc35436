import type { ClaimRef } from './outbox.ts'
import type { LogFields, Logger } from '../runtime/logger.ts'

/**
 * Thrown when a write under a claim did not apply: the lease lapsed and a newer claim owns the
 * item. The step stops there, so this run makes no further outside call for the item; the worker
 * loop catches it and logs it.
 */
export class ClaimLost extends Error {
  constructor(
    readonly itemId: string,
    /** The write that was refused ('done', 'retry', 'failed', 'record', …). */
    readonly outcome: string,
  ) {
    super(`claim on ${itemId} lost before its ${outcome}`)
  }
}

/** Throws `ClaimLost` unless the write under `item`'s claim applied. */
export function keepClaim(applied: boolean, item: ClaimRef, outcome: string): void {
  if (!applied) throw new ClaimLost(item.id, outcome)
}

/** The worker loop's answer to `ClaimLost`: the late outcome changed nothing; say so and move on. */
export function logLateOutcome(logger: Logger, error: ClaimLost, fields: LogFields = {}): void {
  logger.warn('late outcome ignored', { id: error.itemId, outcome: error.outcome, ...fields })
}
