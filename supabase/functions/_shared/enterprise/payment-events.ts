import type { ClaimRef, OutboxItem } from '../outbox/outbox.ts'
import { outboxFields, pgOutbox, type PgOutbox } from '../outbox/pg-outbox.ts'
import type { Sql } from '../runtime/db.ts'
import { notify } from '../notify/enqueue.ts'
import type { NotificationRequest } from '../notify/notification.ts'
import { failWithNotice, type FailsWithNotice } from '../notify/outbox-notice.ts'
import type { MoneyBackChange } from './money-back-alerts.ts'
import { isMoneyBackType, type MoneyBack } from './money-back.ts'
import type { Mismatch, PaidRegistration, Payment, PaymentOutcome } from './payment.ts'
import { decideEvent, type DecideContext } from './payment-verdicts.ts'

/**
 * A recorded Stripe event as the worker works it: an outbox item with either the paid invoice
 * (`invoice.paid`) or the money that came back, its verdict and the channels its alerts reached.
 */
export type PaymentEvent = OutboxItem & {
  eventId: string
  eventType: string
  livemode?: boolean
  payment: Payment | null
  moneyBack: MoneyBack | null
  outcome: PaymentOutcome | null
  /** 'webhook', 'email' for sales; 'ops-webhook', 'ops-email' for ops. */
  alertChannels: string[]
  boardNoteId: string | null
}

/** The verdict on an event, with what its alerts need. */
export type PaymentVerdict =
  | { outcome: 'unknown-registration' | 'already-paid' | 'wrong-mode' }
  | { outcome: 'paid' | 'superseded'; registration: PaidRegistration }
  | { outcome: 'mismatch'; registration: PaidRegistration; mismatch: Mismatch }
  | { outcome: 'money-back'; registration: PaidRegistration; moneyBack: MoneyBack; change: MoneyBackChange }

/** The outbox's writes, except its generic `record`: `record` here records a new event. */
export type PaymentEventStore = Omit<PgOutbox<PaymentEvent>, 'record'> & FailsWithNotice & {
  /** Records a verified `invoice.paid` once, by its event id; false for an event recorded before. */
  record(payment: Payment): Promise<boolean>
  /** Records a verified money-back event once, by its event id; false for an event recorded before. */
  recordMoneyBack(event: MoneyBack): Promise<boolean>
  /**
   * The verdict, recorded once with its change to the registration in one transaction (the
   * registration's row lock orders two events for one invoice): a retry reads the recorded verdict
   * again and changes nothing. The messages the verdict causes (`notices`) are queued in the same
   * transaction, once each by their keys.
   */
  decide(event: PaymentEvent, context: DecideContext, notices: (verdict: PaymentVerdict) => NotificationRequest[]): Promise<PaymentVerdict>
  /** Under the event's claim; false when a newer claim owns it. */
  recordBoardNote(event: ClaimRef, noteId: string): Promise<boolean>
}

export type EventRow = {
  id: string
  event_id: string
  type: string
  received_at: Date
  registration_id: string | null
  invoice_id: string | null
  invoice_paid_at: Date | null
  amount_paid: string | null
  currency: string | null
  invoice_number: string | null
  livemode: boolean | null
  invoice_total: string | null
  total_excluding_tax: string | null
  event_created_at: Date | null
  object_id: string | null
  payment_intent: string | null
  amount: string | null
  amount_of: string | null
  dispute_status: string | null
  dispute_reason: string | null
  respond_by: Date | null
  attempts: number
  claimed_until: Date | null
  claim_token: string | null
  last_error: string | null
  failure_reason: string | null
  outcome: PaymentOutcome | null
  alert_channels: string[]
  board_note_id: string | null
}

const num = (value: string | null) => (value === null ? null : Number(value))

function paymentOf(row: EventRow): Payment {
  return {
    eventId: row.event_id,
    eventType: row.type,
    registrationId: row.registration_id ?? '',
    invoiceId: row.invoice_id ?? '',
    paidAt: row.invoice_paid_at ?? row.received_at,
    amountPaid: num(row.amount_paid) ?? 0,
    currency: row.currency ?? 'usd',
    invoiceNumber: row.invoice_number,
    ...(row.livemode === null ? {} : { livemode: row.livemode }),
    invoiceTotal: num(row.invoice_total),
    totalExcludingTax: num(row.total_excluding_tax),
  }
}

function moneyBackOf(row: EventRow): MoneyBack | null {
  if (!isMoneyBackType(row.type)) return null
  return {
    eventId: row.event_id,
    eventType: row.type,
    livemode: row.livemode ?? true,
    createdAt: row.event_created_at ?? row.received_at,
    objectId: row.object_id ?? '',
    invoiceId: row.invoice_id,
    paymentIntent: row.payment_intent,
    number: row.invoice_number,
    amount: num(row.amount) ?? 0,
    amountOf: num(row.amount_of),
    currency: row.currency ?? 'usd',
    disputeStatus: row.dispute_status,
    disputeReason: row.dispute_reason,
    respondBy: row.respond_by,
  }
}

const toItem = (row: EventRow): PaymentEvent => ({
  ...outboxFields(row),
  createdAt: row.received_at,
  eventId: row.event_id,
  eventType: row.type,
  ...(row.livemode === null ? {} : { livemode: row.livemode }),
  payment: row.type === 'invoice.paid' ? paymentOf(row) : null,
  moneyBack: moneyBackOf(row),
  outcome: row.outcome,
  alertChannels: row.alert_channels,
  boardNoteId: row.board_note_id,
})

/** stripe_webhook_events as an outbox, keyed by Stripe's event id. */
export function pgPaymentEvents(sql: Sql): PaymentEventStore {
  const outbox = pgOutbox<EventRow, PaymentEvent>(sql, {
    table: 'stripe_webhook_events',
    key: 'event_id',
    doneStatus: 'done',
    doneAt: 'completed_at',
    toItem,
  })
  const inserted = (rows: { length: number }) => rows.length === 1
  return {
    ...outbox,
    async record(payment) {
      return inserted(
        await sql`
        insert into public.stripe_webhook_events (event_id, type, registration_id, invoice_id, invoice_paid_at, amount_paid, currency,
          invoice_number, livemode, invoice_total, total_excluding_tax, event_created_at)
        values (${payment.eventId}, ${payment.eventType}, ${payment.registrationId}, ${payment.invoiceId}, ${payment.paidAt},
          ${payment.amountPaid}, ${payment.currency}, ${payment.invoiceNumber ?? null}, ${payment.livemode ?? null},
          ${payment.invoiceTotal ?? null}, ${payment.totalExcludingTax ?? null}, ${payment.paidAt})
        on conflict (event_id) do nothing returning event_id`,
      )
    },
    async recordMoneyBack(event) {
      return inserted(
        await sql`
        insert into public.stripe_webhook_events (event_id, type, invoice_id, currency, invoice_number, livemode, event_created_at,
          object_id, payment_intent, amount, amount_of, dispute_status, dispute_reason, respond_by)
        values (${event.eventId}, ${event.eventType}, ${event.invoiceId}, ${event.currency}, ${event.number}, ${event.livemode},
          ${event.createdAt}, ${event.objectId}, ${event.paymentIntent}, ${event.amount}, ${event.amountOf}, ${event.disputeStatus},
          ${event.disputeReason}, ${event.respondBy})
        on conflict (event_id) do nothing returning event_id`,
      )
    },
    decide: (event, context, notices) =>
      sql.begin(async (tx) => {
        const verdict = await decideEvent(tx, event, context)
        for (const notice of notices(verdict)) await notify(tx, notice)
        return verdict
      }),
    recordBoardNote: (event, noteId) => outbox.record(event, { board_note_id: noteId }),
    failedWithNotice: (event, failure, notice) => failWithNotice(sql, 'stripe_webhook_events', event, failure, notice),
  }
}
