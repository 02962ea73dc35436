import type { ClaimRef, OutboxItem } from '../outbox/outbox.ts'
import { outboxFields, pgOutbox, type PgOutbox } from '../outbox/pg-outbox.ts'
import type { Sql } from '../runtime/db.ts'
import { paymentMismatch, type Mismatch, type PaidRegistration, type Payment, type PaymentOutcome } from './payment.ts'

/** A recorded `invoice.paid` event as the worker works it: an outbox item, its verdict and the channels its alert reached. */
export type PaymentEvent = OutboxItem &
  Payment & {
    outcome: PaymentOutcome | null
    mismatch: Mismatch | null
    alertChannels: string[]
  }

/** The verdict on a payment, with what its alert needs. */
export type PaymentVerdict =
  | { outcome: 'unknown-registration' | 'already-paid' }
  | { outcome: 'paid'; registration: PaidRegistration }
  | { outcome: 'mismatch'; registration: PaidRegistration; mismatch: Mismatch }

/** The outbox's writes, except its generic `record`: `record` here records a new event. */
export type PaymentEventStore = Omit<PgOutbox<PaymentEvent>, 'record'> & {
  /** Records the event once, by its id; false for an event recorded before. */
  record(payment: Payment): Promise<boolean>
  /**
   * The verdict, recorded once with the payment in one transaction (the registration's row lock
   * orders two events for one invoice): a retry reads the recorded verdict again and changes nothing.
   */
  decide(event: PaymentEvent): Promise<PaymentVerdict>
  /** Under the event's claim; false when a newer claim owns it. */
  recordAlertChannel(event: ClaimRef, channel: string): Promise<boolean>
  /** True once, for the run that marks the failure alert as sent. */
  claimFailureAlert(id: string): Promise<boolean>
}

type Row = {
  id: string
  event_id: string
  type: string
  received_at: Date
  registration_id: string
  invoice_id: string
  invoice_paid_at: Date
  amount_paid: string
  currency: string
  invoice_number: string | null
  livemode: boolean | null
  invoice_total: string | null
  total_excluding_tax: string | null
  attempts: number
  claimed_until: Date | null
  claim_token: string | null
  last_error: string | null
  failure_reason: string | null
  outcome: PaymentOutcome | null
  mismatch: string | null
  alert_channels: string[]
}

const toItem = (row: Row): PaymentEvent => ({
  ...outboxFields(row),
  createdAt: row.received_at,
  eventId: row.event_id,
  eventType: row.type,
  registrationId: row.registration_id,
  invoiceId: row.invoice_id,
  paidAt: row.invoice_paid_at,
  amountPaid: Number(row.amount_paid),
  currency: row.currency,
  invoiceNumber: row.invoice_number,
  ...(row.livemode === null ? {} : { livemode: row.livemode }),
  invoiceTotal: row.invoice_total === null ? null : Number(row.invoice_total),
  totalExcludingTax: row.total_excluding_tax === null ? null : Number(row.total_excluding_tax),
  outcome: row.outcome,
  mismatch: row.mismatch,
  alertChannels: row.alert_channels,
})

type RegistrationRow = {
  id: string
  company_name: string
  name: string
  phone: string
  email: string
  selected_plan: PaidRegistration['plan']
  billing_cycle: PaidRegistration['billingCycle']
  paid_at: Date | null
  stripe_invoice_id: string | null
  board_item_id: string | null
}

const paidRegistration = (row: RegistrationRow): PaidRegistration => ({
  id: row.id,
  companyName: row.company_name,
  name: row.name,
  phone: row.phone,
  email: row.email,
  plan: row.selected_plan,
  billingCycle: row.billing_cycle,
  boardItemId: row.board_item_id,
})

/** stripe_webhook_events as an outbox, keyed by Stripe's event id. */
export function pgPaymentEvents(sql: Sql): PaymentEventStore {
  const outbox = pgOutbox<Row, PaymentEvent>(sql, {
    table: 'stripe_webhook_events',
    key: 'event_id',
    doneStatus: 'done',
    doneAt: 'completed_at',
    toItem,
  })
  const byId = (id: string) => sql`id = ${id}`
  return {
    ...outbox,
    async record(payment) {
      const rows = await sql`
        insert into public.stripe_webhook_events (event_id, type, registration_id, invoice_id, invoice_paid_at, amount_paid, currency,
          invoice_number, livemode, invoice_total, total_excluding_tax)
        values (${payment.eventId}, ${payment.eventType}, ${payment.registrationId}, ${payment.invoiceId}, ${payment.paidAt},
          ${payment.amountPaid}, ${payment.currency}, ${payment.invoiceNumber ?? null}, ${payment.livemode ?? null},
          ${payment.invoiceTotal ?? null}, ${payment.totalExcludingTax ?? null})
        on conflict (event_id) do nothing returning event_id`
      return rows.length === 1
    },
    decide: (event) =>
      sql.begin(async (tx): Promise<PaymentVerdict> => {
        const [row] = await tx<RegistrationRow[]>`
          select id, company_name, name, phone, email, selected_plan, billing_cycle, paid_at, stripe_invoice_id, board_item_id
          from public.enterprise_registrations where id = ${event.registrationId} for update`
        const [recorded] = await tx<{ outcome: PaymentOutcome | null; mismatch: string | null }[]>`
          select outcome, mismatch from public.stripe_webhook_events where ${byId(event.id)} for update`
        if (recorded?.outcome) return verdict(recorded.outcome, row, recorded.mismatch)
        let outcome: PaymentOutcome
        let mismatch: Mismatch | undefined
        if (!row) outcome = 'unknown-registration'
        else {
          mismatch = paymentMismatch(
            { plan: row.selected_plan, billingCycle: row.billing_cycle, stripeInvoiceId: row.stripe_invoice_id },
            event,
          )
          outcome = mismatch ? 'mismatch' : row.paid_at ? 'already-paid' : 'paid'
        }
        if (outcome === 'paid') {
          await tx`
            update public.enterprise_registrations
            set paid_at = ${event.paidAt}, paid_invoice_id = ${event.invoiceId}, updated_at = now()
            where id = ${event.registrationId}`
        }
        await tx`
          update public.stripe_webhook_events set outcome = ${outcome}, mismatch = ${mismatch ?? null}, updated_at = now()
          where ${byId(event.id)}`
        return verdict(outcome, row, mismatch ?? null)
      }),
    async recordAlertChannel(event, channel) {
      const rows = await sql`
        update public.stripe_webhook_events
        set alert_channels = case when ${channel} = any(alert_channels) then alert_channels else array_append(alert_channels, ${channel}) end,
          updated_at = now()
        where ${byId(event.id)} and claim_token = ${event.claimToken} and status = 'pending' returning id`
      return rows.length === 1
    },
    async claimFailureAlert(id) {
      const rows = await sql`
        update public.stripe_webhook_events set failure_alerted_at = now()
        where ${byId(id)} and status = 'failed' and failure_alerted_at is null returning id`
      return rows.length === 1
    },
  }
}

function verdict(outcome: PaymentOutcome, row: RegistrationRow | undefined, mismatch: string | null): PaymentVerdict {
  if (outcome === 'paid' && row) return { outcome, registration: paidRegistration(row) }
  if (outcome === 'mismatch' && row) return { outcome, registration: paidRegistration(row), mismatch: mismatch ?? '' }
  return { outcome: outcome === 'paid' || outcome === 'mismatch' ? 'unknown-registration' : outcome }
}
