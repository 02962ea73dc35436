import type { AlertContent } from '../alerts/channels.ts'
import type { OpsContext } from '../alerts/ops.ts'
import { mismatchNotice, moneyBackNotices, paidNotice, wrongModeNotice } from '../notify/deal-notices.ts'
import type { NotificationRequest } from '../notify/notification.ts'
import { mismatchText, type TaxRate } from './payment.ts'
import type { PaymentEvent, PaymentVerdict } from './payment-events.ts'
import type { PaymentLookups } from './stripe-payments.ts'
import type { StripeMode } from './stripe-mode.ts'

/** The payment worker's own settings (webhook-events/index.ts). */
export type PaymentSettings = {
  /** What ops messages name: the environment and the runbooks. */
  ops: OpsContext
  /** The deployment's Stripe mode (stripe-mode.ts): an event from the other mode changes nothing. */
  mode: StripeMode | undefined
  /** Stripe reads (STRIPE_SECRET_KEY); undefined without a key. */
  lookups: PaymentLookups | undefined
  /** STRIPE_TAX_RATE_ID: the mismatch alert states the amount with this tax. */
  taxRateId: string | undefined
}

/** The tax rate a mismatch alert states, read before the verdict's transaction (no outside call inside it). */
export async function taxRate(payment: PaymentSettings | undefined): Promise<TaxRate | 'unknown' | undefined> {
  if (!payment?.taxRateId) return undefined
  if (!payment.lookups) return 'unknown'
  return await payment.lookups.taxRate().catch(() => 'unknown' as const)
}

/**
 * Who hears of a verdict, queued in the transaction that records it (payment-events.ts `decide`):
 * sales of a payment and of a mismatch; sales and ops, one message each, of money that came back;
 * ops alone of an event from the other Stripe mode. An audience an earlier worker already told
 * (alert_channels, before the notifications outbox) is not told again.
 */
export function paymentNotices(
  event: PaymentEvent,
  verdict: PaymentVerdict,
  payment: PaymentSettings | undefined,
  tax: TaxRate | 'unknown' | undefined,
): NotificationRequest[] {
  const ops = payment?.ops ?? { environment: 'APP_ENV not set', runbookBase: 'docs' }
  const notices = (() => {
    switch (verdict.outcome) {
      case 'paid':
        return [paidNotice(verdict.registration, event.payment!)]
      case 'mismatch': {
        const text = mismatchText(verdict.mismatch, verdict.mismatch.kind === 'amount' ? tax : undefined)
        return [mismatchNotice(verdict.registration, event.eventId, text)]
      }
      case 'money-back':
        return moneyBackNotices(verdict.registration, verdict.moneyBack, verdict.change, ops)
      case 'wrong-mode':
        return [wrongModeNotice(event, payment?.mode ?? 'the other', ops)]
      default:
        return []
    }
  })()
  const told = (audience: string) => event.alertChannels.some((name) => name.startsWith('ops-') === (audience === 'ops'))
  return notices.filter((notice) => !told(notice.audience))
}

/** Our own words and Stripe's ids only: the same on every channel. */
export const paymentFailedAlert =
  (event: Pick<PaymentEvent, 'eventId' | 'eventType' | 'payment' | 'moneyBack'>, error: string): AlertContent =>
  () => {
    const about = event.payment?.invoiceId ?? event.moneyBack?.invoiceId ?? event.moneyBack?.objectId ?? event.eventId
    const subject = `Payment alert not sent: ${event.eventType} ${about}`
    const text = [
      subject,
      `Stripe event: ${event.eventId}${event.payment ? `, registration id: ${event.payment.registrationId}` : ''}`,
      `Last error: ${error.slice(0, 300)}`,
      event.payment
        ? 'Check the payment in Stripe, and activate the account by hand if it is paid.'
        : 'Check the event in Stripe: money may have gone back (a refund, a dispute, a voided invoice or a credit note). Do not activate the account, or deactivate it, until you know.',
    ].join('\n')
    return { subject, text }
  }
