import { StepFailed } from '../outbox/step-failure.ts'
import type { TaxRate } from './payment.ts'
import { stripeClient, stripeFailure, type StripeConnection } from './stripe-client.ts'

/** What the payment worker asks Stripe; each call rejects with StepFailed, so the event is tried again. */
export interface PaymentLookups {
  /**
   * The invoice a PaymentIntent paid, or null when it paid none. Since API version 2025-03-31
   * (basil) a charge or dispute names no invoice: the invoice's payments name the PaymentIntent.
   */
  invoiceOfPaymentIntent(paymentIntent: string): Promise<string | null>
  /** STRIPE_TAX_RATE_ID's rate (what the follow-through puts on the line); undefined when none is set. */
  taxRate(): Promise<TaxRate | undefined>
}

/** Through the SDK, as the follow-through calls Stripe (stripe-client.ts); only reads. */
export function stripePaymentLookups(connection: StripeConnection & { taxRateId: string | undefined }): PaymentLookups {
  const stripe = stripeClient(connection)
  async function call<T>(name: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      throw new StepFailed(stripeFailure(error, name))
    }
  }
  let rate: Promise<TaxRate | undefined> | undefined
  return {
    async invoiceOfPaymentIntent(paymentIntent) {
      const payments = await call('invoice payment lookup', () =>
        stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 10 }),
      )
      const invoice = payments.data[0]?.invoice
      return invoice === undefined ? null : typeof invoice === 'string' ? invoice : (invoice.id ?? null)
    },
    taxRate() {
      const id = connection.taxRateId
      if (!id) return Promise.resolve(undefined)
      // One read per run: the rate does not change between events.
      rate ??= call('tax rate lookup', () => stripe.taxRates.retrieve(id)).then(
        (found) => ({ percentage: found.percentage, displayName: found.display_name, inclusive: found.inclusive }),
        (error: unknown) => {
          rate = undefined
          throw error
        },
      )
      return rate
    },
  }
}
