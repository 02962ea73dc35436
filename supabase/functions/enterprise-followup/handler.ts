import { summariseNeedsALook, type NeedsALook } from '../_shared/alerts/needs-a-look-summary.ts'
import { json, methodNotAllowed } from '../_shared/http/http.ts'
import { refuseWithoutSecret } from '../_shared/http/secret.ts'
import { ClaimLost, logLateOutcome } from '../_shared/outbox/claim-lost.ts'
import { followUp } from './followup.ts'
import type { FollowupDeps } from './followup-deps.ts'

export type FollowupHandlerDeps = Omit<FollowupDeps, 'store' | 'board'> & {
  secret: string | undefined
  store: FollowupDeps['store'] | undefined
  board: FollowupDeps['board'] | undefined
  /** Unverified and held records page nobody one by one: one 'Needs a look' summary an hour at most, to sales. */
  needsALook: NeedsALook | undefined
  /** Sends the due notifications (notify/worker.ts), the summary among them, at the end of the run. */
  notifications?: () => Promise<unknown>
  leaseMs: number
  batchSize: number
  /** No registration is claimed once this much time has passed since the run began (`timing.ts`). */
  budgetMs: number
}

export type FollowupReport = {
  claimed: number
  done: number
  /** Asked the registrant to confirm their address: waiting for that, out of the queue. */
  awaiting: number
  /** On the board in 'Needs a look' (unverified or past a cap), waiting for a person: nobody paged. */
  held: number
  retrying: number
  failed: number
  interrupted: number
  /** Claims a newer run took over before this one finished: their late outcome changed nothing. */
  lost: number
  /** The records the hourly 'Needs a look' summary counted, when this run sent it. */
  needsALookSummary?: number
}

/** Called every minute by pg_cron (`*_enterprise_followup.sql`): works the due registrations one at a time, within its budget. */
export function createFollowupHandler(deps: FollowupHandlerDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const refused = refuseWithoutSecret(req, deps, 'enterprise-followup', 'Enterprise follow-through is not configured')
    if (refused) return refused
    const { store, board } = deps
    if (!store || !board) return json(503, { error: 'Enterprise follow-through is not configured' })

    const report: FollowupReport = { claimed: 0, done: 0, awaiting: 0, held: 0, retrying: 0, failed: 0, interrupted: 0, lost: 0 }
    const deadline = deps.now().getTime() + deps.budgetMs
    while (report.claimed < deps.batchSize && deps.now().getTime() < deadline) {
      const registration = await store.claimNext(deps.leaseMs)
      if (!registration) break
      report.claimed++
      const outcome = await followUp(registration, { ...deps, store, board }).catch((error: unknown) => {
        if (error instanceof ClaimLost) {
          logLateOutcome(deps.logger, error)
          return 'lost' as const
        }
        // The database failed mid-way: the claim lapses, and the recorded steps are skipped next time.
        deps.logger.error('enterprise follow-through interrupted', { registrationId: registration.id, message: String(error) })
        return undefined
      })
      if (outcome === 'lost') report.lost++
      else if (!outcome) report.interrupted++
      else if (outcome.kind === 'done') report.done++
      else if (outcome.kind === 'awaiting-confirmation') report.awaiting++
      else if (outcome.kind === 'held') report.held++
      else if (outcome.kind === 'failed') report.failed++
      else report.retrying++
    }
    const summary = deps.needsALook && (await summariseNeedsALook({ store: deps.needsALook, channels: deps.channels, logger: deps.logger }))
    if (summary !== undefined) report.needsALookSummary = summary
    await deps.notifications?.()
    if (report.claimed > 0) deps.logger.info('enterprise follow-through run', report)
    return json(200, report)
  }
}
