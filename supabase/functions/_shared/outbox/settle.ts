import { hasAttemptsLeft, retryDelayMs, type BackoffPolicy } from './backoff.ts'
import { keepClaim } from './claim-lost.ts'
import type { Claimed, Outbox, OutboxFailure, OutboxItem } from './outbox.ts'

export type Settled = { kind: 'retry'; at: Date } | { kind: 'failed' }

export type SettleDeps<Item extends OutboxItem> = { outbox: Outbox<Item>; backoff: BackoffPolicy; now: () => Date }

/**
 * Where a claimed item goes after a failed call: back in the queue after a backoff that honours
 * the system's own wait hint, or failed once its attempts are used up. A refusal that did nothing
 * and said when to come back (`countAttempt: false`) does not use up an attempt. Throws `ClaimLost`
 * when a newer claim owns the item: then nothing changed.
 */
export async function settleFailure<Item extends OutboxItem>(
  item: Claimed<Item>,
  failure: OutboxFailure & { retryInMs?: number; countAttempt: boolean },
  deps: SettleDeps<Item>,
): Promise<Settled> {
  const { reason, detail, retryInMs, countAttempt } = failure
  if (countAttempt && !hasAttemptsLeft(item.attempts, deps.backoff)) {
    keepClaim(await deps.outbox.failed(item, { reason, detail }), item, 'failed')
    return { kind: 'failed' }
  }
  const at = new Date(deps.now().getTime() + retryDelayMs(item.attempts, retryInMs, deps.backoff))
  keepClaim(await deps.outbox.retryLater(item, { reason, detail }, at, { countAttempt }), item, 'retry')
  return { kind: 'retry', at }
}
