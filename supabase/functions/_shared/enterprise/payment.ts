import { formatUsd } from '../../../../src/content/plans.ts'
import type { AlertContent } from '../alerts/channels.ts'
import { boardLine, invoiceLink, phoneText } from '../alerts/links.ts'
import { visitorText, type TextFormat } from '../alerts/text.ts'
import { agencyTime } from '../runtime/agency-time.ts'
import type { Registration } from './registration.ts'
import { planLine } from './messages.ts'
import { invoiceAmountCents } from './invoicing.ts'

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
  /** The invoice's number as the customer reads it ('A1B2C3D4-0001'); Stripe sets it when the invoice is finalized. */
  invoiceNumber?: string | null
  /** False for a test-mode event: its dashboard link is the test one. */
  livemode?: boolean
  /** The invoice's total, tax included, and its total before tax (Stripe's `total`, `total_excluding_tax`). */
  invoiceTotal?: number | null
  totalExcludingTax?: number | null
}

export type PaidRegistration = Pick<Registration, 'id' | 'companyName' | 'name' | 'phone' | 'email' | 'plan' | 'billingCycle'> & {
  boardItemId?: string | null
}

/** What a payment event comes to: the worker records it with the payment, then sends its alert. */
export type PaymentOutcome = 'unknown-registration' | 'mismatch' | 'already-paid' | 'paid'

/** Why a payment naming a registration does not pay for it: the text of the mismatch alert's line. */
export type Mismatch = string

/**
 * Only the invoice the follow-through stored for this registration (stripe_invoice_id), paid in
 * full (the period total, in US dollars), pays for it. Any other invoice naming the registration in
 * its metadata (anyone with the Stripe account, or a second invoice by mistake) is a mismatch.
 */
export function paymentMismatch(
  registration: Pick<Registration, 'plan' | 'billingCycle'> & { stripeInvoiceId: string | null },
  payment: Pick<Payment, 'invoiceId' | 'amountPaid' | 'currency' | 'invoiceTotal' | 'totalExcludingTax'>,
): Mismatch | undefined {
  if (payment.invoiceId !== registration.stripeInvoiceId)
    return `Invoice ${payment.invoiceId} is not its invoice (${registration.stripeInvoiceId ?? 'it has none'})`
  const total = invoiceAmountCents(registration)
  // With a tax rate on the line (GST, docs/enterprise.md) the invoice is the period total plus tax:
  // the whole invoice must be paid, and its part before tax must be the period total.
  const owed = payment.invoiceTotal ?? total
  const beforeTax = payment.totalExcludingTax ?? payment.amountPaid
  if (payment.amountPaid !== owed || beforeTax !== total || payment.currency.toLowerCase() !== 'usd')
    return `Paid ${money(payment.amountPaid, payment.currency)}, the period total is ${money(total, 'usd')}${
      owed !== total ? ` (${money(owed, 'usd')} with tax)` : ''
    }`
  return undefined
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

const contact = (registration: PaidRegistration, format: TextFormat) =>
  `Contact: ${visitorText(registration.name, format)}, ${phoneText(registration.phone, format)}, ${visitorText(registration.email, format)}`

/** 'Paid: activate <company>'s account': the registrant paid, a person activates the account now. */
export function paidAlert(
  registration: PaidRegistration,
  payment: Pick<Payment, 'invoiceId' | 'invoiceNumber' | 'livemode' | 'paidAt' | 'amountPaid' | 'currency'>,
): AlertContent {
  return (format) => {
    // One line per value: a company or contact name can never start a line of its own.
    const subject = `Paid: activate ${visitorText(registration.companyName, format)}'s account`
    const text = [
      subject,
      `Plan: ${planLine(registration)}`,
      contact(registration, format),
      `Invoice ${invoiceLink({ id: payment.invoiceId, number: payment.invoiceNumber, livemode: payment.livemode }, format)}: ${money(payment.amountPaid, payment.currency)} paid ${agencyTime(payment.paidAt)}`,
      `Registration id: ${registration.id}`,
      boardLine(registration.boardItemId, format),
      'Activate the account and tell the account manager.',
    ].join('\n')
    return { subject, text }
  }
}

/** A payment event naming a registration that it does not pay for: nothing is activated, a person looks. */
export function mismatchAlert(registration: PaidRegistration, payment: Pick<Payment, 'eventId'>, mismatch: Mismatch): AlertContent {
  return (format) => {
    const subject = `Payment not matched: ${visitorText(registration.companyName, format)} (do not activate)`
    const text = [
      subject,
      // Stripe's own values from a signed event (ids, amounts), not a visitor's.
      mismatch,
      `Stripe event: ${payment.eventId}`,
      `Plan: ${planLine(registration)}`,
      contact(registration, format),
      `Registration id: ${registration.id}`,
      'Nothing was activated. Check the payment in Stripe before you activate anything by hand.',
    ].join('\n')
    return { subject, text }
  }
}
