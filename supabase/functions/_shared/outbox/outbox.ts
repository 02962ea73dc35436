/**
 * A durable queue of work for an outside system, kept in a table: each item is recorded first,
 * then claimed (an attempt and a lease) before the system is called, and only the call's outcome
 * moves it on: done, retried later with backoff, or failed for good. Leads (to the board) are the
 * first user; any table with the columns below can be the next one (`pg-outbox.ts`).
 *
 * Columns: id, status ('pending' | done status | 'failed' | others the user owns), attempts,
 * next_attempt_at, claimed_until, last_error, failure_reason, updated_at.
 */
export type OutboxItem = {
  id: string
  /** Calls started for this item, counting the one the current claim is for. */
  attempts: number
  claimedUntil: Date | null
  /** What the last failed call said (for people); null once done. */
  lastError: string | null
  /** What kind of failure that was ('auth', 'timeout', …), for the SQL that alerts on it. */
  failureReason: string | null
  createdAt: Date
}

/** One failed call: its kind, in `failure_reason`, and its full text, in `last_error`. */
export type OutboxFailure = { reason: string; detail: string }

export interface Outbox<Item extends OutboxItem> {
  /** Claims this pending item if it is due and nobody else holds it. */
  claim(key: string, leaseMs: number): Promise<Item | undefined>
  /** Claims the next due pending item (skipping locked and claimed ones). */
  claimNext(leaseMs: number): Promise<Item | undefined>
  /** `countAttempt: false` when the system refused before doing anything (rate limits). */
  retryLater(id: string, failure: OutboxFailure, at: Date, options?: { countAttempt: boolean }): Promise<void>
  failed(id: string, failure: OutboxFailure): Promise<void>
}
