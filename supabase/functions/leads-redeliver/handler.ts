import type { BackoffPolicy } from '../_shared/outbox/backoff.ts'
import { json, methodNotAllowed } from '../_shared/http/http.ts'
import type { AlertReport } from '../_shared/alerts/lead-alerts.ts'
import type { Tally } from '../_shared/outbox/worker-loop.ts'
import { deliverClaimed, type Board } from '../_shared/delivery/deliver-lead.ts'
import { placeSpamLeads, type SpamLeads } from '../_shared/delivery/spam-placement.ts'

const SPAM_PER_RUN = 10
import type { LeadStore } from '../_shared/delivery/lead-store.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import { refuseWithoutSecret } from '../_shared/http/secret.ts'
import { ClaimLost, logLateOutcome } from '../_shared/outbox/claim-lost.ts'

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
  const report: RedeliverReport = { claimed: 0, delivered: 0, retrying: 0, failed: 0, interrupted: 0, lost: 0, paused: false }
  const deadline = deps.now().getTime() + deps.budgetMs

  async function worker() {
    while (!report.paused && report.claimed < deps.batchSize && deps.now().getTime() < deadline) {
      const row = await deps.store.claimNext(deps.leaseMs)
      if (!row) return
      report.claimed++
      const outcome = await deliverClaimed(row, deps).catch((error: unknown) => {
        if (error instanceof ClaimLost) {
          logLateOutcome(deps.logger, error, { submissionId: row.submission.submissionId })
          return 'lost' as const
        }
        // The database failed mid-delivery: the claim lapses and the lead is looked up next time.
        deps.logger.error('redelivery interrupted', { submissionId: row.submission.submissionId, message: String(error) })
        return undefined
      })
      if (outcome === 'lost') report.lost++
      else if (!outcome) report.interrupted++
      else if (outcome.kind === 'delivered') report.delivered++
      else if (outcome.kind === 'failed') report.failed++
      else {
        report.retrying++
        if (outcome.failure.reason === 'rate-limited') report.paused = true
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, deps.concurrency) }, worker))
  if (deps.spam && !report.paused && deps.now().getTime() < deadline) {
    const placed = await placeSpamLeads({ ...deps, spam: deps.spam }, SPAM_PER_RUN)
    if (placed > 0) report.spamPlaced = placed
  }
  await deps.sweep?.().catch((error: unknown) => deps.logger.warn('sweep failed', { message: String(error) }))
  return report
}
