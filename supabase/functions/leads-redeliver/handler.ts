import type { BackoffPolicy } from '../_shared/outbox/backoff.ts'
import { json, methodNotAllowed } from '../_shared/http/http.ts'
import type { AlertReport } from '../_shared/alerts/lead-alerts.ts'
import type { Board } from '../_shared/board/board.ts'
import { deliverClaimed } from '../_shared/delivery/deliver-lead.ts'
import { placeSpamLeads, type SpamLeads } from '../_shared/delivery/spam-placement.ts'
import type { LeadStore } from '../_shared/delivery/lead-store.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import { refuseWithoutSecret } from '../_shared/http/secret.ts'
import { drain, type Tally } from '../_shared/outbox/worker-loop.ts'

const SPAM_PER_RUN = 10

export type RedeliverDeps = {
  secret: string | undefined
  store: LeadStore | undefined
  board: Board | undefined
  backoff: BackoffPolicy
  logger: Logger
  now: () => Date
  leaseMs: number
  /** At most this many leads per call, by `concurrency` workers, within `budgetMs`. */
  batchSize: number
  concurrency: number
  budgetMs: number
  /** Leads flagged as spam, placed in the board's 'Needs a look' group after the batch. */
  spam?: SpamLeads
  /** Housekeeping run once per call (old rate-limit windows). */
  sweep?: () => Promise<unknown>
  /** Evaluated after every run (_shared/alerts/lead-alerts.ts); never throws, never blocks delivery. */
  alerts?: () => Promise<AlertReport | undefined>
  /** Sends the due notifications (notify/worker.ts) at the end of every run, whether delivery is configured or not. */
  notifications?: () => Promise<Tally | undefined>
}

export type RedeliverReport = {
  claimed: number
  delivered: number
  retrying: number
  failed: number
  interrupted: number
  /** Claims a newer run took over before this one finished: their late outcome changed nothing. */
  lost: number
  paused: boolean
  /** Spam leads put in 'Needs a look' this run. */
  spamPlaced?: number
}

/**
 * Called every minute by pg_cron (see the `*_leads_redeliver_cron.sql` migration). Delivers due
 * pending leads; stops the batch as soon as the board asks everyone to wait.
 */
export function createRedeliverHandler(deps: RedeliverDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const refused = refuseWithoutSecret(req, deps, 'leads-redeliver', 'Redelivery is not configured')
    if (refused) return refused
    if (!deps.store || !deps.board) {
      // Leads still wait in the outbox: the pending-age alert is what tells someone.
      await deps.alerts?.().catch(() => undefined)
      await deps.notifications?.()
      return json(503, { error: 'Redelivery is not configured' })
    }

    const report = await redeliver({ ...deps, store: deps.store, board: deps.board })
    if (report.claimed > 0) deps.logger.info('redelivery run', report)
    const alerts = await deps.alerts?.().catch(() => undefined)
    const notifications = await deps.notifications?.()
    return json(200, {
      ...report,
      ...(alerts && (alerts.raised.length || alerts.resolved.length) ? { alerts } : {}),
      ...(notifications?.claimed ? { notifications } : {}),
    })
  }
}

async function redeliver(deps: RedeliverDeps & { store: LeadStore; board: Board }): Promise<RedeliverReport> {
  const deadline = deps.now().getTime() + deps.budgetMs
  const tally = await drain({
    claimNext: () => deps.store.claimNext(deps.leaseMs),
    work: (row) => deliverClaimed(row, deps),
    batchSize: deps.batchSize,
    deadline,
    now: deps.now,
    logger: deps.logger,
    what: 'lead',
    concurrency: deps.concurrency,
    // The board asked everyone to wait: no worker claims another lead this run.
    stopAfter: (outcome) => outcome.kind === 'retry' && outcome.failure.reason === 'rate-limited',
  })
  const { claimed, done: delivered, retrying, failed, interrupted, lost, stopped: paused } = tally
  const report: RedeliverReport = { claimed, delivered, retrying, failed, interrupted, lost, paused }
  if (deps.spam && !report.paused && deps.now().getTime() < deadline) {
    const placed = await placeSpamLeads({ ...deps, spam: deps.spam }, SPAM_PER_RUN)
    if (placed > 0) report.spamPlaced = placed
  }
  await deps.sweep?.().catch((error: unknown) => deps.logger.warn('sweep failed', { message: String(error) }))
  return report
}
