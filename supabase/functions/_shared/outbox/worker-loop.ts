import { ClaimLost, logLateOutcome } from './claim-lost.ts'
import type { Claimed, OutboxItem } from './outbox.ts'
import type { Logger } from '../runtime/logger.ts'

/** What one run did: items claimed, each step's outcome kind counted, and the two ways a step ends early. */
export type Tally = {
  claimed: number
  done: number
  waiting: number
  retrying: number
  failed: number
  /** The database failed mid-step: the claim lapses and the recorded steps are skipped next time. */
  interrupted: number
  /** A newer claim took the item over before this run finished: its late outcome changed nothing. */
  lost: number
}

export type LoopOptions<Item extends OutboxItem, Outcome extends { kind: string }> = {
  /** Claims the next due item under a fresh claim token (the outbox's `claimNext` with this worker's lease). */
  claimNext: () => Promise<Claimed<Item> | undefined>
  /** Works one claimed item; throws `ClaimLost` when a write under its claim did not apply. */
  work: (item: Claimed<Item>) => Promise<Outcome>
  /** At most this many claims per run, none after `deadline` (epoch ms). */
  batchSize: number
  deadline: number
  now: () => Date
  logger: Logger
  /** Names the items in logs ('booking update', 'lead', …). */
  what: string
  /** Workers claiming side by side (default 1). */
  concurrency?: number
  /** True when an outcome says every worker should stop claiming (the system asked everyone to wait). */
  stopAfter?: (outcome: Outcome) => boolean
}

export const emptyTally = (): Tally => ({ claimed: 0, done: 0, waiting: 0, retrying: 0, failed: 0, interrupted: 0, lost: 0 })

/**
 * The one worker loop every Cron-called worker runs: claim, work, settle, within a batch and a time
 * budget, and stop on what the step says. A lost claim is logged and counted, never retried here.
 */
export async function drain<Item extends OutboxItem, Outcome extends { kind: string }>(
  options: LoopOptions<Item, Outcome>,
): Promise<Tally & { stopped: boolean }> {
  const tally = emptyTally()
  let stopped = false
  const more = () => !stopped && tally.claimed < options.batchSize && options.now().getTime() < options.deadline

  async function worker() {
    while (more()) {
      const item = await options.claimNext()
      if (!item) return
      tally.claimed++
      const outcome = await options.work(item).catch((error: unknown) => {
        if (error instanceof ClaimLost) {
          logLateOutcome(options.logger, error, { what: options.what })
          return 'lost' as const
        }
        options.logger.error(`${options.what} interrupted`, { id: item.id, message: String(error) })
        return undefined
      })
      if (outcome === 'lost') tally.lost++
      else if (!outcome) tally.interrupted++
      else {
        if (outcome.kind === 'done' || outcome.kind === 'delivered' || outcome.kind === 'sent') tally.done++
        else if (outcome.kind === 'waiting') tally.waiting++
        else if (outcome.kind === 'failed') tally.failed++
        else tally.retrying++
        if (options.stopAfter?.(outcome)) stopped = true
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker))
  return { ...tally, stopped }
}
