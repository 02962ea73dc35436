import type { ConditionName } from '../_shared/alerts/lead-alerts.ts'
import type { BookingFigures } from './booking-figures.ts'
import type { WebhookEventFigures } from '../_shared/bookings/webhook-figures.ts'
import type { RegistrationFigures } from '../_shared/enterprise/registration.ts'
import type { JobSchedule } from './scheduled-jobs.ts'

const LEAD_REASONS: Record<ConditionName, string> = {
  'board-auth': 'leads: the board refused the credentials',
  'board-access': 'leads: the board or group is not accessible',
  failed: 'leads: failed leads',
  'pending-age': 'leads: pending too long',
  'shared-bucket': 'limits: requests arrive without cf-connecting-ip (the shared bucket is in use)',
}

/** Failed booking updates, from the bookings' own figures or else the webhook events'. */
const booked = (bookings?: BookingFigures, events?: WebhookEventFigures) => bookings?.failed ?? events?.bookingsFailed ?? 0

/** Why the answer is 503: one line per reason, leads, registrations, bookings and Cron jobs alike; none when healthy. */
export function healthReasons(state: {
  holding: readonly ConditionName[]
  jobs: JobSchedule
  registrations?: RegistrationFigures
  bookings?: BookingFigures
  webhookEvents?: WebhookEventFigures
}): string[] {
  const { holding, jobs, registrations, bookings, webhookEvents } = state
  return [
    ...holding.map((condition) => LEAD_REASONS[condition]),
    ...(registrations && registrations.failed > 0 ? [`registrations: ${registrations.failed} failed`] : []),
    ...(booked(bookings, webhookEvents) > 0 ? [`bookings: ${booked(bookings, webhookEvents)} failed to reach the board`] : []),
    ...(bookings && bookings.stale > 0 ? [`bookings: ${bookings.stale} waiting for the board too long`] : []),
    ...(webhookEvents && webhookEvents.paymentsFailed > 0 ? [`payments: ${webhookEvents.paymentsFailed} Stripe events failed`] : []),
    ...Object.entries(jobs)
      .filter(([, state]) => state === 'not scheduled')
      .map(([job]) => `cron: ${job} not scheduled`),
  ]
}
