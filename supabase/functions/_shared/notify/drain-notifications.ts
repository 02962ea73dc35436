import type { Logger } from '../runtime/logger.ts'
import { drain, type Tally } from '../outbox/worker-loop.ts'
import { sendNotification, type SendDeps } from './send-step.ts'

export type NotifyRunDeps = SendDeps & { leaseMs: number; logger: Logger; batchSize?: number; budgetMs?: number }

const BATCH = 50
const BUDGET_MS = 20_000

/**
 * Sends the due notifications, one claimed row at a time, through the one worker loop. Every
 * Cron-called worker runs it at the end of its run, so a message queued anywhere goes out within a
 * minute; a run that finds nothing due costs one query.
 */
export function drainNotifications(deps: NotifyRunDeps): Promise<Tally & { stopped: boolean }> {
  return drain({
    claimNext: () => deps.store.claimNext(deps.leaseMs),
    work: (item) => sendNotification(item, deps),
    batchSize: deps.batchSize ?? BATCH,
    deadline: deps.now().getTime() + (deps.budgetMs ?? BUDGET_MS),
    now: deps.now,
    logger: deps.logger,
    what: 'notification',
  })
}
