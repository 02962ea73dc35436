import { workBooking } from '../_shared/bookings/booking-worker.ts'
import type { BookingStore } from '../_shared/bookings/booking-store.ts'
import type { Board } from '../_shared/board/board.ts'
import type { PaymentSettings } from '../_shared/enterprise/payment-alerts.ts'
import type { PaymentEventStore } from '../_shared/enterprise/payment-events.ts'
import { workPayment } from '../_shared/enterprise/payment-worker.ts'
import { json, methodNotAllowed } from '../_shared/http/http.ts'
import { refuseWithoutSecret } from '../_shared/http/secret.ts'
import type { BackoffPolicy } from '../_shared/outbox/backoff.ts'
import type { Claimed, OutboxItem } from '../_shared/outbox/outbox.ts'
import { drain, type Tally } from '../_shared/outbox/worker-loop.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { DecisionGroups } from '../_shared/board/decision-settings.ts'
import type { DecisionStore } from '../_shared/board/decision-store.ts'
import { workDecision } from '../_shared/board/decision-worker.ts'
import { checkProcessing, workConversion, type ConversionClients } from '../_shared/conversions/conversion-worker.ts'
import type { ConversionStore } from '../_shared/conversions/conversion-store.ts'

export type WebhookEventsDeps = {
  secret: string | undefined
  bookings: BookingStore | undefined
  payments: PaymentEventStore | undefined
  /** The payment worker's own settings: what ops messages name, Stripe's mode and reads (payment-alerts.ts). */
  payment?: PaymentSettings
  board: Board | undefined
  /** The board's 'Needs a look' group (MONDAY_REVIEW_GROUP_ID), for bookings a person must judge. */
  reviewGroupId: string
  /** Each kind's own lease and backoff (BOOKINGS_*, PAYMENTS_*, DECISIONS_*): no kind reads another's. */
  workers: Record<'bookings' | 'payments' | 'decisions', { leaseMs: number; backoff: BackoffPolicy }>
  logger: Logger
  now: () => Date
  leadWaitMs: number
  /** At most this many events of each kind per call, claimed within `budgetMs`. */
  batchSize: number
  budgetMs: number
  /** Staff decisions recorded by board-webhook, with where a released item goes. */
  decisions: (DecisionGroups & { store: DecisionStore }) | undefined
  /** Sends the due staff messages (the notifications outbox, `_shared/notify/worker.ts`), last in every run. */
  sendNotifications?: (() => Promise<unknown>) | undefined
  /** Ad conversions (docs/ad-conversions.md): the stage's own store, clients and settings (CONVERSIONS_*). */
  conversions?:
    { store: ConversionStore; clients: ConversionClients; leaseMs: number; backoff: BackoffPolicy; batchSize: number } | undefined
}

export type WebhookEventsReport = { bookings?: Tally; payments?: Tally; decisions?: Tally; conversions?: Tally & { checked: number } }

/**
 * Called every minute by pg_cron and woken by each recorded event (`*_webhook_events.sql`): works
 * what `cal-webhook` and `stripe-webhook` recorded. A booking's update goes on the board; a payment
 * is checked against its registration and alerted; a staff decision (board-webhook) is written on its
 * record and the board follows it. Each kind works without the others' settings.
 */
export function createWebhookEventsHandler(deps: WebhookEventsDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const refused = refuseWithoutSecret(req, deps, 'webhook-events', 'Webhook events are not configured')
    if (refused) return refused
    const { bookings, payments, decisions, board } = deps
    if (!payments && !deps.conversions && !((bookings || decisions) && board))
      return json(503, { error: 'Webhook events are not configured' })

    const deadline = deps.now().getTime() + deps.budgetMs
    const report: WebhookEventsReport = {}
    const run = async <Item extends OutboxItem>(
      claimNext: () => Promise<Claimed<Item> | undefined>,
      work: (item: Claimed<Item>) => Promise<{ kind: string }>,
      what: string,
      batchSize = deps.batchSize,
    ): Promise<Tally> => {
      const { stopped: _stopped, ...tally } = await drain({ claimNext, work, what, deadline, ...deps, batchSize })
      return tally
    }
    const { workers } = deps
    if (bookings && board) {
      report.bookings = await run(
        () => bookings.claimNext(workers.bookings.leaseMs),
        (booking) => workBooking(booking, { ...deps, backoff: workers.bookings.backoff, store: bookings, board }),
        'booking update',
      )
    }
    if (payments) {
      report.payments = await run(
        () => payments.claimNext(workers.payments.leaseMs),
        (event) => workPayment(event, { ...deps, backoff: workers.payments.backoff, store: payments }),
        'payment event',
      )
    }
    if (decisions && board) {
      report.decisions = await run(
        () => decisions.store.claimNext(workers.decisions.leaseMs),
        (item) => workDecision(item, { ...deps, ...decisions, backoff: workers.decisions.backoff, board }),
        'board decision',
      )
    }
    // Last of the stages: a payment or booking this run matched is reported in the same run.
    const { conversions } = deps
    if (conversions) {
      const tally = await run(
        () => conversions.store.claimNext(conversions.leaseMs),
        (item) => workConversion(item, { ...deps, ...conversions }),
        'ad conversion',
        conversions.batchSize,
      )
      report.conversions = { ...tally, checked: await checkProcessing({ ...deps, ...conversions }, conversions.batchSize) }
    }
    // What this run queued (payments, failures) goes out now, with whatever else is due.
    await deps.sendNotifications?.()
    const claimed = Object.values(report).reduce((sum, tally) => sum + tally.claimed, 0)
    if (claimed > 0) deps.logger.info('webhook events run', report)
    return json(200, report)
  }
}
