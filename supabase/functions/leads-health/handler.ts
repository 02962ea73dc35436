import { json, methodNotAllowed } from '../_shared/http/http.ts'
import type { ConditionName } from '../_shared/alerts/lead-alerts.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { HealthFigures } from '../_shared/alerts/pg-alert-store.ts'
import { refuseWithoutSecret } from '../_shared/http/secret.ts'
import type { RegistrationFigures } from '../_shared/enterprise/registration.ts'
import type { WebhookEventFigures } from '../_shared/bookings/webhook-figures.ts'
import { jobSchedule, type JobSchedule } from './scheduled-jobs.ts'
import { healthReasons } from './reasons.ts'
import type { BookingFigures } from './booking-figures.ts'
import type { HeaderCheck } from '../_shared/limits/client-address.ts'

export type HealthDeps = {
  secret: string | undefined
  figures: (() => Promise<HealthFigures>) | undefined
  /** The alert conditions that hold now (the same ones `leads-redeliver` alerts on). */
  holding: (() => Promise<ConditionName[]>) | undefined
  /** The names of the active Cron jobs. */
  activeJobs: (() => Promise<string[]>) | undefined
  alertsConfigured: boolean
  logger: Logger
  /** Enterprise registrations pending, failed and paid; a failed one makes the answer 503 (docs/enterprise.md). */
  registrations?: () => Promise<RegistrationFigures>
  /** Booking updates and payment events pending and failed (webhook-events); a failed one makes the answer 503. */
  webhookEvents?: () => Promise<WebhookEventFigures>
  /** Booking updates the board has not taken; failed or stale ones make the answer 503. */
  bookings?: () => Promise<BookingFigures>
  /** Whether this very request carried the trusted client-address header (docs/deploy.md's check). */
  clientAddress?: (req: Request) => Promise<HeaderCheck>
}

export type LeadsHealth = Omit<HealthFigures, 'lastDeliveredAt'> & { lastDeliveredAt: string | null; alertsConfigured: boolean }

/**
 * For an uptime monitor: 200 when no alert condition holds and every Cron job is scheduled, 503
 * otherwise with `reasons` naming each one (leads, registrations, bookings, jobs), 401 without the
 * redelivery secret. It reads the outboxes and cron.job.
 */
export function createHealthHandler(deps: HealthDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'GET') return methodNotAllowed(['GET'])
    const refused = refuseWithoutSecret(req, deps, 'leads-health', 'Health is not configured')
    if (refused) return refused
    if (!deps.figures || !deps.holding || !deps.activeJobs) return json(503, { error: 'Health is not configured' })

    try {
      const [figures, holding, active, registrations, bookings, webhookEvents, clientAddress] = await Promise.all([
        deps.figures(),
        deps.holding(),
        deps.activeJobs(),
        deps.registrations?.(),
        deps.bookings?.(),
        deps.webhookEvents?.(),
        deps.clientAddress?.(req),
      ])
      const jobs = jobSchedule(active)
      const reasons = healthReasons({ holding, jobs, registrations, bookings, webhookEvents })
      const body: LeadsHealth & {
        conditions: ConditionName[]
        reasons: string[]
        jobs: JobSchedule
        registrations?: RegistrationFigures
        bookings?: BookingFigures
        webhookEvents?: WebhookEventFigures
        clientAddress?: HeaderCheck
      } = {
        ...figures,
        lastDeliveredAt: figures.lastDeliveredAt?.toISOString() ?? null,
        alertsConfigured: deps.alertsConfigured,
        conditions: holding,
        reasons,
        jobs,
        ...(registrations ? { registrations } : {}),
        ...(bookings ? { bookings } : {}),
        ...(webhookEvents ? { webhookEvents } : {}),
        ...(clientAddress ? { clientAddress } : {}),
      }
      return json(reasons.length > 0 ? 503 : 200, body)
    } catch (error) {
      deps.logger.error('leads-health could not read the outbox', { error: String(error) })
      return json(503, { error: 'The database did not answer' })
    }
  }
}
