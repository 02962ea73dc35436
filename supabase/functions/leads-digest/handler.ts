import type { DigestReport } from '../_shared/alerts/digest.ts'
import type { WeeklyCampaignsOutcome } from '../_shared/alerts/weekly-campaigns.ts'
import { json, methodNotAllowed } from '../_shared/http/http.ts'
import { refuseWithoutSecret } from '../_shared/http/secret.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { Tally } from '../_shared/outbox/worker-loop.ts'

export type DigestDeps = {
  secret: string | undefined
  /**
   * The daily digest to the sales channels (_shared/alerts/digest.ts); undefined without a
   * database. `force`: an operator's `?force=1`, sent whatever the hour.
   */
  digest: ((force: boolean) => Promise<DigestReport>) | undefined
  /** Queues last week's campaign report once per ISO week (weekly-campaigns.ts), from Monday 07:00 agency time. */
  weekly?: () => Promise<WeeklyCampaignsOutcome>
  /** Sends the due notifications (notify/worker.ts), the digest among them, at the end of every run. */
  notifications?: () => Promise<Tally | undefined>
  logger: Logger
}

/**
 * Called every hour by pg_cron (the `*_leads_digest_agency_morning.sql` migration), with the same
 * secret as redelivery; the digest goes out once, from 07:00 agency time, and from Monday 07:00 last
 * week's campaign report once per ISO week. It reads the records and queues both for the
 * notifications outbox, which sends them; it never delivers a lead.
 */
export function createDigestHandler(deps: DigestDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const refused = refuseWithoutSecret(req, deps, 'leads-digest', 'The digest is not configured')
    if (refused) return refused
    if (!deps.digest) return json(503, { error: 'The digest is not configured' })
    try {
      const digest = await deps.digest(new URL(req.url).searchParams.get('force') === '1')
      deps.logger.info('leads digest', digest)
      const weekly = await weeklyReport(deps)
      const notifications = await deps.notifications?.()
      return json(200, { digest, ...(weekly ? { weekly } : {}), ...(notifications?.claimed ? { notifications } : {}) })
    } catch (error) {
      deps.logger.error('leads digest could not be made', { error: String(error) })
      // A broken digest must not cost Monday its campaign report; what other runs queued still goes out.
      const weekly = await weeklyReport(deps)
      await deps.notifications?.()
      return json(503, { error: 'The digest could not be made', ...(weekly ? { weekly } : {}) })
    }
  }
}

/** The weekly report is its own concern: when it cannot be made, the digest's run still succeeds and says so. */
async function weeklyReport(deps: DigestDeps): Promise<WeeklyCampaignsOutcome | { error: string } | undefined> {
  try {
    return await deps.weekly?.()
  } catch (error) {
    deps.logger.error('weekly campaign report could not be made', { error: String(error) })
    return { error: 'The weekly campaign report could not be made' }
  }
}
