import { formatUsd } from '../../../../src/content/plans.ts'
import type { AlertContent } from '../alerts/channels.ts'
import { boardLine, emailText, invoiceLink, phoneText } from '../alerts/links.ts'
import { visitorText, type TextFormat } from '../alerts/text.ts'
import { agencyTime } from '../runtime/agency-time.ts'
import type { Registration } from './registration.ts'
import { planLine } from './messages.ts'
import { invoiceAmountCents } from './invoicing.ts'
import { exactMoney } from './money-back.ts'

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

/** What a payment event comes to: the worker records it with the payment, then sends its alert (money-back.ts for the others). */
export type PaymentOutcome = 'unknown-registration' | 'mismatch' | 'already-paid' | 'paid' | 'wrong-mode' | 'superseded' | 'money-back'

/** Why a payment naming a registration does not pay for it; kept as JSON in stripe_webhook_events.mismatch. */
export type Mismatch =
  | { kind: 'invoice'; invoiceId: string; ownInvoiceId: string | null }
  | { kind: 'amount'; paid: number; currency: string; expected: number }
  /** A verdict recorded before the kinds existed: its text as it was. */
  | { kind: 'text'; text: string }

/** The tax rate on the registration's invoice line (STRIPE_TAX_RATE_ID), as Stripe describes it. */
export type TaxRate = { percentage: number; displayName: string; inclusive: boolean }

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
    return { kind: 'invoice', invoiceId: payment.invoiceId, ownInvoiceId: registration.stripeInvoiceId }
  const total = invoiceAmountCents(registration)
  // With a tax rate on the line (GST, docs/enterprise.md) the invoice is the period total plus tax:
  // the whole invoice must be paid, and its part before tax must be the period total.
  const owed = payment.invoiceTotal ?? total
  const beforeTax = payment.totalExcludingTax ?? payment.amountPaid
  if (payment.amountPaid !== owed || beforeTax !== total || payment.currency.toLowerCase() !== 'usd')
    return { kind: 'amount', paid: payment.amountPaid, currency: payment.currency, expected: total }
  return undefined
}

/**
 * The mismatch alert's line, both amounts stated plainly and to the cent: 'Paid US$0.01; expected
 * US$19,920.00 (US$21,912.00 with 10% GST)'. The amount with tax comes from our own tax rate, never
 * from the invoice that was paid (whose total may be the very thing that was lowered); `'unknown'`:
 * a rate is set but could not be read.
 */
export function mismatchText(mismatch: Mismatch, tax?: TaxRate | 'unknown'): string {
  if (mismatch.kind === 'text') return mismatch.text
  if (mismatch.kind === 'invoice') return `Invoice ${mismatch.invoiceId} is not its invoice (${mismatch.ownInvoiceId ?? 'it has none'})`
  const expected = exactMoney(mismatch.expected, 'usd')
  const withTax =
    tax === 'unknown'
      ? ' before tax'
      : !tax
        ? ''
        : tax.inclusive
          ? ` (${tax.percentage}% ${tax.displayName} included)`
          : ` (${exactMoney(Math.round((mismatch.expected * (100 + tax.percentage)) / 100), 'usd')} with ${tax.percentage}% ${tax.displayName})`
  return `Paid ${exactMoney(mismatch.paid, mismatch.currency)}; expected ${expected}${withTax}`
}

/** A recorded mismatch: JSON since the kinds exist, plain text before. */
export function parseMismatch(recorded: string): Mismatch {
  try {
    const value = JSON.parse(recorded) as Mismatch
    if (value && typeof value === 'object' && typeof value.kind === 'string') return value
  } catch {
    // Text recorded before the kinds existed.
  }
  return { kind: 'text', text: recorded }
}

/** 'US$17,700' for whole US dollars, as the site writes prices; any other amount to the cent, with its currency. */
function money(amount: number, currency: string): string {
  if (currency.toUpperCase() === 'USD' && amount % 100 === 0) return formatUsd(amount / 100)
  return exactMoney(amount, currency)
}

const contact = (registration: PaidRegistration, format: TextFormat) =>
  `Contact: ${visitorText(registration.name, format)}, ${phoneText(registration.phone, format)}, ${emailText(registration.email, format)}`

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
export function mismatchAlert(registration: PaidRegistration, payment: Pick<Payment, 'eventId'>, mismatch: string): AlertContent {
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
