import Stripe from 'stripe'
import type { Registration } from './registration.ts'
import { StepFailed, type StepFailure } from '../outbox/step-failure.ts'
import { INVOICE_DAYS_UNTIL_DUE, invoiceAmountCents, invoiceLine, type Invoicing } from './invoicing.ts'

export type StripeSettings = { secretKey: string; apiUrl: string | undefined; timeoutMs: number }

/** `STRIPE_API_URL` (tests) as the SDK's host, port and protocol. */
function endpoint(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol }
}

/** Connection trouble, 5xx and 429 are passing; a refusal (key, parameters) needs a person, after MAX_ATTEMPTS. */
function failureOf(error: unknown, call: string): StepFailure {
  if (!(error instanceof Stripe.errors.StripeError)) return { reason: 'invoice', detail: `${call}: ${String(error)}` }
  const detail = `${call}: ${error.statusCode ? `HTTP ${error.statusCode} ` : ''}${error.type} ${error.message}`
  if (error instanceof Stripe.errors.StripeConnectionError)
    return { reason: /timeout/i.test(error.message) ? 'timeout' : 'network', detail }
  if (error instanceof Stripe.errors.StripeRateLimitError) return { reason: 'rate-limited', detail }
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
    return { reason: 'auth', detail }
  return { reason: (error.statusCode ?? 500) >= 500 ? 'http' : 'refused', detail }
}

/** Stripe through its SDK; each call's Idempotency-Key is `enterprise/<registration id>/<step>`. */
export function stripeInvoicing(settings: StripeSettings): Invoicing {
  const stripe = new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    // The outbox retries with backoff; the SDK still retries a dropped connection once, with the same key.
    maxNetworkRetries: 0,
    timeout: settings.timeoutMs,
    ...endpoint(settings.apiUrl),
  })
  const key = (registration: Registration, step: string) => ({ idempotencyKey: `enterprise/${registration.id}/${step}` })

  async function call<T>(name: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      throw new StepFailed(failureOf(error, name))
    }
  }

  return {
    async customer(registration) {
      // An earlier try may have created it and lost the answer, more than a day ago (its key forgotten).
      const existing = await call('customer lookup', () => stripe.customers.list({ email: registration.email, limit: 100 }))
      const mine = existing.data.find((customer) => customer.metadata?.registration_id === registration.id)
      if (mine) return mine.id
      const created = await call('customer', () =>
        stripe.customers.create(
          {
            email: registration.email,
            name: registration.name,
            metadata: { company: registration.companyName, registration_id: registration.id },
          },
          key(registration, 'customer'),
        ),
      )
      return created.id
    },

    async createInvoice(registration, customerId) {
      const invoice = await call('invoice', () =>
        stripe.invoices.create(
          {
            customer: customerId,
            collection_method: 'send_invoice',
            days_until_due: INVOICE_DAYS_UNTIL_DUE,
            currency: 'usd',
            auto_advance: false,
            description: `Enterprise plan for ${registration.companyName}: ${invoiceLine(registration)}`,
            metadata: { registration_id: registration.id },
          },
          key(registration, 'invoice'),
        ),
      )
      return invoice.id
    },

    async addItem(registration, customerId, invoiceId) {
      const item = await call('invoice item', () =>
        stripe.invoiceItems.create(
          {
            customer: customerId,
            invoice: invoiceId,
            amount: invoiceAmountCents(registration),
            currency: 'usd',
            description: invoiceLine(registration),
            metadata: { registration_id: registration.id },
          },
          key(registration, 'invoice-item'),
        ),
      )
      return item.id
    },

    async finalize(registration, invoiceId) {
      // On a retry the earlier try may have finalized it, and its key may be forgotten: finalizing twice is refused.
      if (registration.attempts > 1) {
        const invoice = await call('invoice lookup', () => stripe.invoices.retrieve(invoiceId))
        if (invoice.status !== 'draft') return
      }
      await call('finalize', () => stripe.invoices.finalizeInvoice(invoiceId, { auto_advance: false }, key(registration, 'finalize')))
    },

    async send(registration, invoiceId) {
      await call('send', () => stripe.invoices.sendInvoice(invoiceId, {}, key(registration, 'send')))
    },
  }
}
