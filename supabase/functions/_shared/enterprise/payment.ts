import { formatUsd } from '../../../../src/content/plans.ts'
import type { AlertMessage } from '../alerts/channels.ts'
import { visitorText } from '../alerts/text.ts'
import { agencyTime } from '../runtime/agency-time.ts'
import type { Sql } from '../runtime/db.ts'
import type { Registration } from './registration.ts'
import { planLine } from './messages.ts'

/** A paid invoice of a registration, from a verified `invoice.paid` event. */
export type Payment = {
  eventId: string
  eventType: string
  registrationId: string
  invoiceId: string
  paidAt: Date
  /** In the currency's smallest unit, as Stripe gives it. */
  amountPaid: number
  currency: string
}

export type PaidRegistration = Pick<Registration, 'id' | 'companyName' | 'name' | 'phone' | 'email' | 'plan' | 'billingCycle'>

export type PaymentOutcome = 'duplicate-event' | 'unknown-registration' | 'already-paid' | 'alerted'

export type PaymentStore = {
  /**
   * Records the event and the payment, and runs `alert` for a first payment, in ONE transaction:
   * when `alert` throws, nothing is recorded (the caller answers 5xx and Stripe sends the event again).
   */
  settle(payment: Payment, alert: (registration: PaidRegistration) => Promise<void>): Promise<PaymentOutcome>
}

type Row = {
  id: string
  company_name: string
  name: string
  phone: string
  email: string
  selected_plan: PaidRegistration['plan']
  billing_cycle: PaidRegistration['billingCycle']
  paid_at: Date | null
}

/**
 * The event id's primary key and the registration's row lock serialise concurrent deliveries: the
 * same event delivered twice at once waits until the first commits (then is a duplicate) or rolls
 * back (then alerts itself); another event for an invoice already paid waits on the row, then finds
 * paid_at set. The alert is sent before the commit, so it is at least once: only a commit lost after
 * the alert went out (the database failing in that instant) sends it a second time on Stripe's retry.
 */
export function pgPaymentStore(sql: Sql): PaymentStore {
  return {
    settle: (payment, alert) =>
      sql.begin(async (tx): Promise<PaymentOutcome> => {
        const fresh = await tx`
          insert into public.stripe_webhook_events (event_id, type) values (${payment.eventId}, ${payment.eventType})
          on conflict (event_id) do nothing returning event_id`
        if (fresh.length === 0) return 'duplicate-event'
        const [row] = await tx<Row[]>`
          select id, company_name, name, phone, email, selected_plan, billing_cycle, paid_at
          from public.enterprise_registrations where id = ${payment.registrationId} for update`
        if (!row) return 'unknown-registration'
        if (row.paid_at) return 'already-paid'
        await tx`
          update public.enterprise_registrations
          set paid_at = ${payment.paidAt}, paid_invoice_id = ${payment.invoiceId}, updated_at = now()
          where id = ${row.id}`
        await alert({
          id: row.id,
          companyName: row.company_name,
          name: row.name,
          phone: row.phone,
          email: row.email,
          plan: row.selected_plan,
          billingCycle: row.billing_cycle,
        })
        return 'alerted'
      }),
  }
}

/** 'US$17,700' for whole US dollars, as the site writes prices; any other amount with its currency code. */
function money(amount: number, currency: string): string {
  if (currency.toUpperCase() === 'USD' && amount % 100 === 0) return formatUsd(amount / 100)
  try {
    return new Intl.NumberFormat('en-CA', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100)
  } catch {
    return `${amount} ${currency}`
  }
}

/** 'Paid: activate <company>'s account': the registrant paid, a person activates the account now. */
export function paidAlert(
  registration: PaidRegistration,
  payment: Pick<Payment, 'invoiceId' | 'paidAt' | 'amountPaid' | 'currency'>,
): AlertMessage {
  // One line per value: a company or contact name can never start a line of its own.
  const line = (value: string) => visitorText(value, 'plain')
  const subject = `Paid: activate ${line(registration.companyName)}'s account`
  const text = [
    subject,
    `Plan: ${planLine(registration)}`,
    `Contact: ${line(registration.name)}, ${line(registration.phone)}, ${line(registration.email)}`,
    `Invoice: ${payment.invoiceId}, ${money(payment.amountPaid, payment.currency)} paid ${agencyTime(payment.paidAt)}`,
    `Registration id: ${registration.id}`,
    'Activate the account and tell the account manager.',
  ].join('\n')
  return { subject, text }
}
