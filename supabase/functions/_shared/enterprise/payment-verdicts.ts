import type postgres from 'postgres'
import { invoiceAmountCents } from './invoicing.ts'
import { stateAfter, type MoneyBack, type PaymentState } from './money-back.ts'
import { paymentMismatch, parseMismatch, type PaidRegistration, type Payment, type PaymentOutcome } from './payment.ts'
import type { PaymentEvent, PaymentVerdict } from './payment-events.ts'
import { wrongMode, type StripeMode } from './stripe-mode.ts'

/** What the worker knows beyond the event: the deployment's mode, and the invoice Stripe named for a charge or dispute. */
export type DecideContext = { mode: StripeMode | undefined; invoiceId?: string | null }

type Tx = postgres.TransactionSql

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
  payment_state: PaymentState | null
  payment_state_at: Date | null
}

type Recorded = {
  outcome: PaymentOutcome | null
  mismatch: string | null
  payment_state: PaymentState | null
  activated: boolean | null
  invoice_id: string | null
  amount_of: string | null
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

/** The registration, locked: by its id, or by its invoice's. */
async function registrationBy(tx: Tx, by: { id: string } | { invoiceId: string }): Promise<RegistrationRow | undefined> {
  const rows = await tx<RegistrationRow[]>`
    select id, company_name, name, phone, email, selected_plan, billing_cycle, paid_at, stripe_invoice_id, board_item_id,
           payment_state, payment_state_at
    from public.enterprise_registrations
    where ${'id' in by ? tx`id = ${by.id}` : tx`stripe_invoice_id = ${by.invoiceId}`}
    for update`
  return rows[0]
}

/** The verdict again from what was recorded: a retry changes nothing. */
function verdictOf(
  event: PaymentEvent,
  recorded: Recorded & { outcome: PaymentOutcome },
  row: RegistrationRow | undefined,
): PaymentVerdict {
  const { outcome } = recorded
  if (outcome === 'unknown-registration' || outcome === 'already-paid' || outcome === 'wrong-mode') return { outcome }
  if (!row) return { outcome: 'unknown-registration' }
  const registration = paidRegistration(row)
  if (outcome === 'mismatch') return { outcome, registration, mismatch: parseMismatch(recorded.mismatch ?? '') }
  if (outcome === 'money-back' && recorded.payment_state && event.moneyBack) {
    const moneyBack = {
      ...event.moneyBack,
      invoiceId: recorded.invoice_id,
      amountOf: recorded.amount_of === null ? null : Number(recorded.amount_of),
    }
    const change = { state: recorded.payment_state, activated: recorded.activated ?? false, reads: row.payment_state }
    return { outcome, registration, moneyBack, change }
  }
  if (outcome === 'paid' || outcome === 'superseded') return { outcome, registration }
  return { outcome: 'unknown-registration' }
}

/** Moves the registration's state unless a later event already moved it (Stripe does not send events in order). */
async function moveState(tx: Tx, row: RegistrationRow, state: PaymentState, at: Date): Promise<PaymentState | null> {
  if (row.payment_state_at && row.payment_state_at > at) return row.payment_state
  await tx`
    update public.enterprise_registrations set payment_state = ${state}, payment_state_at = ${at}, updated_at = now()
    where id = ${row.id}`
  return state
}

/** invoice.paid: only the registration's own invoice, paid in full (payment.ts), and only while no money went back on it. */
async function decidePaid(tx: Tx, payment: Payment, row: RegistrationRow | undefined) {
  if (!row) return { outcome: 'unknown-registration' as const }
  const mismatch = paymentMismatch(
    { plan: row.selected_plan, billingCycle: row.billing_cycle, stripeInvoiceId: row.stripe_invoice_id },
    payment,
  )
  if (mismatch) return { outcome: 'mismatch' as const, mismatch }
  if (row.paid_at) return { outcome: 'already-paid' as const }
  // Refunded, disputed or credited before this event was worked: it was paid, and must not be activated.
  const superseded = row.payment_state !== null && row.payment_state !== 'uncollectible' && row.payment_state !== 'voided'
  await tx`
    update public.enterprise_registrations
    set paid_at = ${payment.paidAt}, paid_invoice_id = ${payment.invoiceId}, updated_at = now()
    where id = ${row.id}`
  if (superseded) return { outcome: 'superseded' as const }
  await moveState(tx, row, 'paid', payment.paidAt)
  return { outcome: 'paid' as const }
}

/** A money-back event: the registration whose invoice it is, its new state, and whether it had been activated. */
async function decideMoneyBack(tx: Tx, event: MoneyBack, row: RegistrationRow | undefined) {
  if (!row) return { outcome: 'unknown-registration' as const }
  const amountOf =
    event.eventType === 'credit_note.created'
      ? invoiceAmountCents({ plan: row.selected_plan, billingCycle: row.billing_cycle })
      : event.amountOf
  const state = stateAfter({ ...event, amountOf })
  const activated = row.paid_at !== null
  const reads = await moveState(tx, row, state, event.createdAt)
  return { outcome: 'money-back' as const, amountOf, state, activated, reads }
}

/**
 * One event's verdict in one transaction, with no outside call: the registration's row first (its
 * lock orders two events for one registration), then the event's. An event from the other Stripe
 * mode changes nothing.
 */
export async function decideEvent(tx: Tx, event: PaymentEvent, context: DecideContext): Promise<PaymentVerdict> {
  const invoiceId = event.moneyBack ? (event.moneyBack.invoiceId ?? context.invoiceId ?? null) : null
  const [known] = await tx<{ registration_id: string | null }[]>`
    select registration_id from public.stripe_webhook_events where id = ${event.id}`
  const registrationId = known?.registration_id ?? event.payment?.registrationId ?? null
  const row = registrationId
    ? await registrationBy(tx, { id: registrationId })
    : invoiceId
      ? await registrationBy(tx, { invoiceId })
      : undefined
  const [recorded] = await tx<Recorded[]>`
    select outcome, mismatch, payment_state, activated, invoice_id, amount_of
    from public.stripe_webhook_events where id = ${event.id} for update`
  if (recorded?.outcome) return verdictOf(event, { ...recorded, outcome: recorded.outcome }, row)

  const record = (columns: Record<string, unknown>) =>
    tx`update public.stripe_webhook_events set ${tx(columns)}, updated_at = now() where id = ${event.id}`
  if (wrongMode(context.mode, event.livemode)) {
    await record({ outcome: 'wrong-mode' })
    return { outcome: 'wrong-mode' }
  }
  if (event.moneyBack) {
    const decided = await decideMoneyBack(tx, event.moneyBack, row)
    if (decided.outcome === 'unknown-registration') {
      await record({ outcome: decided.outcome, invoice_id: invoiceId })
      return { outcome: decided.outcome }
    }
    const { state, activated, reads, amountOf } = decided
    await record({
      outcome: 'money-back',
      invoice_id: invoiceId,
      registration_id: row!.id,
      payment_state: state,
      activated,
      amount_of: amountOf,
    })
    const moneyBack = { ...event.moneyBack, invoiceId, amountOf }
    return { outcome: 'money-back', registration: paidRegistration(row!), moneyBack, change: { state, activated, reads } }
  }
  if (!event.payment) {
    await record({ outcome: 'unknown-registration' })
    return { outcome: 'unknown-registration' }
  }
  const decided = await decidePaid(tx, event.payment, row)
  await record({ outcome: decided.outcome, mismatch: 'mismatch' in decided ? JSON.stringify(decided.mismatch) : null })
  if (decided.outcome === 'mismatch') return { outcome: 'mismatch', registration: paidRegistration(row!), mismatch: decided.mismatch }
  if (decided.outcome === 'paid' || decided.outcome === 'superseded')
    return { outcome: decided.outcome, registration: paidRegistration(row!) }
  return { outcome: decided.outcome }
}
