import type { Sql } from '../runtime/db.ts'

export type WebhookEventFigures = { bookingsPending: number; bookingsFailed: number; paymentsPending: number; paymentsFailed: number }

/** The recorded webhook events still being worked and those that gave up (webhook-events), for `leads-health`. */
export async function webhookEventFigures(sql: Sql): Promise<WebhookEventFigures> {
  const [row] = await sql<WebhookEventFigures[]>`
    select
      (select count(*) from public.lead_bookings where status = 'pending')::int as "bookingsPending",
      (select count(*) from public.lead_bookings where status = 'failed')::int as "bookingsFailed",
      (select count(*) from public.stripe_webhook_events where status = 'pending')::int as "paymentsPending",
      (select count(*) from public.stripe_webhook_events where status = 'failed')::int as "paymentsFailed"`
  return row ?? { bookingsPending: 0, bookingsFailed: 0, paymentsPending: 0, paymentsFailed: 0 }
}
