/**
 * A durable queue of work for an outside system, kept in a table: each item is recorded first,
 * then claimed (an attempt, a lease and a fresh claim token) before the system is called, and only
 * the call's outcome moves it on: done, retried later with backoff, or failed for good. Leads (to
 * the board) are the first user; any table with the columns below can be the next one (`pg-outbox.ts`).
 *
 * Columns: id, status ('pending' | done status | 'failed' | others the user owns), attempts,
 * next_attempt_at, claimed_until, claim_token (uuid, null), last_error, failure_reason, updated_at.
 */
export type OutboxItem = {
  id: string
  /** Set by each claim, cleared when the item is settled: who may write the item's outcome now. */
  claimToken: string | null
  /** Calls started for this item, counting the one the current claim is for. */
  attempts: number
  claimedUntil: Date | null
  /** What the last failed call said (for people); null once done. */
  lastError: string | null
  /** What kind of failure that was ('auth', 'timeout', …), for the SQL that alerts on it. */
  failureReason: string | null
  createdAt: Date
}

/** An item as its claim hands it out: every write for it names this claim. */
export type Claimed<Item extends OutboxItem> = Item & { claimToken: string }

/** What a write under a claim needs: the item and the token of the claim it was handed out under. */
export type ClaimRef = { id: string; claimToken: string }

/** One failed call: its kind, in `failure_reason`, and its full text, in `last_error`. */
export type OutboxFailure = { reason: string; detail: string }

/**
 * Every outcome applies only while the item is pending under the caller's claim; each answers
 * whether it applied. False means a newer claim owns the item (the caller's lease lapsed): the
 * caller changed nothing and must stop (`ClaimLost`).
 */
export interface Outbox<Item extends OutboxItem> {
  /** Claims this pending item if it is due and nobody else holds it. */
  claim(key: string, leaseMs: number): Promise<Claimed<Item> | undefined>
  /** Claims the next due pending item (skipping locked and claimed ones). */
  claimNext(leaseMs: number): Promise<Claimed<Item> | undefined>
  /** `countAttempt: false` when the system refused before doing anything (rate limits). */
  retryLater(item: ClaimRef, failure: OutboxFailure, at: Date, options?: { countAttempt: boolean }): Promise<boolean>
  failed(item: ClaimRef, failure: OutboxFailure): Promise<boolean>
}
