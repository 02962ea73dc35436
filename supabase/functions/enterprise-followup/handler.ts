import { summariseNeedsALook, type NeedsALook } from '../_shared/alerts/needs-a-look-summary.ts'
import { json, methodNotAllowed } from '../_shared/http/http.ts'
import { refuseWithoutSecret } from '../_shared/http/secret.ts'
import { drain } from '../_shared/outbox/worker-loop.ts'
import { followUp } from './followup.ts'
import type { FollowupDeps } from './followup-deps.ts'

export type FollowupHandlerDeps = Omit<FollowupDeps, 'store' | 'board'> & {
  secret: string | undefined
  store: FollowupDeps['store'] | undefined
  board: FollowupDeps['board'] | undefined
  /** Unverified and held records page nobody one by one: one 'Needs a look' summary an hour at most, to sales. */
  needsALook: NeedsALook | undefined
  leaseMs: number
  batchSize: number
  /** No registration is claimed once this much time has passed since the run began (`timing.ts`). */
  budgetMs: number
  /** Sends the due staff messages (the notifications outbox, `_shared/notify/worker.ts`), last in every run. */
  sendNotifications?: (() => Promise<unknown>) | undefined
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

/** Called every minute by pg_cron (`*_enterprise_followup.sql`): works the due registrations one at a time, within its budget (`drain`). */
export function createFollowupHandler(deps: FollowupHandlerDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const refused = refuseWithoutSecret(req, deps, 'enterprise-followup', 'Enterprise follow-through is not configured')
    if (refused) return refused
    const { store, board } = deps
    if (!store || !board) return json(503, { error: 'Enterprise follow-through is not configured' })

    // The loop counts 'held' and 'awaiting-confirmation' as retrying: this report names them.
    const parked = { held: 0, awaiting: 0 }
    const tally = await drain({
      claimNext: () => store.claimNext(deps.leaseMs),
      work: async (registration) => {
        const outcome = await followUp(registration, { ...deps, store, board })
        if (outcome.kind === 'held') parked.held++
        else if (outcome.kind === 'awaiting-confirmation') parked.awaiting++
        return outcome
      },
      batchSize: deps.batchSize,
      deadline: deps.now().getTime() + deps.budgetMs,
      now: deps.now,
      logger: deps.logger,
      what: 'enterprise follow-through',
    })
    const report: FollowupReport = {
      claimed: tally.claimed,
      done: tally.done,
      ...parked,
      retrying: tally.retrying - parked.held - parked.awaiting,
      failed: tally.failed,
      interrupted: tally.interrupted,
      lost: tally.lost,
    }
    const summary = deps.needsALook && (await summariseNeedsALook({ store: deps.needsALook, channels: deps.channels, logger: deps.logger }))
    if (summary !== undefined) report.needsALookSummary = summary
    // What this run queued (sales alerts, failures) goes out now; what another run queued too.
    await deps.sendNotifications?.()
    if (report.claimed > 0) deps.logger.info('enterprise follow-through run', report)
    return json(200, report)
  }
}
