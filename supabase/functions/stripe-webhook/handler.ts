import Stripe from 'stripe'
import type { PaymentEventStore } from '../_shared/enterprise/payment-events.ts'
import { json, methodNotAllowed, readLimitedText } from '../_shared/http/http.ts'
import type { Logger } from '../_shared/runtime/logger.ts'

export type StripeWebhookDeps = {
  /** STRIPE_WEBHOOK_SECRET, the endpoint's signing secret (whsec_…). */
  secret: string | undefined
  payments: PaymentEventStore | undefined
  logger: Logger
}

const MAX_BODY_BYTES = 1024 * 1024
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Stripe's webhook (docs/enterprise.md). The signature is checked on the raw body before anything
 * else: a missing or bad one is 400 and changes nothing. An `invoice.paid` naming a registration is
 * recorded once, by its event id, and answered at once (202; a replay 200): the `webhook-events`
 * worker, woken by the insert, checks it against the registration and sends the alert. Every other
 * event answers 200 and does nothing. When the event cannot be recorded the answer is 5xx, so Stripe
 * sends it again (it retries for up to three days).
 */
export function createStripeWebhookHandler(deps: StripeWebhookDeps): (req: Request) => Promise<Response> {
  const cryptoProvider = Stripe.createSubtleCryptoProvider()
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    if (!deps.secret) {
      deps.logger.error('stripe-webhook has no STRIPE_WEBHOOK_SECRET: refusing every call')
      return json(503, { error: 'The webhook is not configured' })
    }
    const signature = req.headers.get('stripe-signature')
    if (!signature) return json(400, { error: 'Missing Stripe-Signature' })
    const body = await readLimitedText(req, MAX_BODY_BYTES)
    if (body === 'too-large') return json(413, { error: 'Body too large' })

    let event: Stripe.Event
    try {
      event = await Stripe.webhooks.constructEventAsync(body, signature, deps.secret, undefined, cryptoProvider)
    } catch (error) {
      deps.logger.warn('stripe-webhook: bad signature', { message: error instanceof Error ? error.message : String(error) })
      return json(400, { error: 'Bad signature' })
    }

    if (event.type !== 'invoice.paid') return json(200, { ignored: event.type })
    const invoice = event.data.object
    const registrationId = invoice.metadata?.registration_id
    if (!registrationId || !UUID.test(registrationId)) return json(200, { ignored: 'not the invoice of a registration' })
    if (!deps.payments) {
      deps.logger.error('stripe-webhook cannot record a payment: set SUPABASE_DB_URL', { eventId: event.id })
      return json(503, { error: 'The webhook is not configured' })
    }

    const payment = {
      eventId: event.id,
      eventType: event.type,
      registrationId,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      livemode: event.livemode,
      paidAt: new Date((invoice.status_transitions?.paid_at ?? event.created) * 1000),
      amountPaid: invoice.amount_paid,
      invoiceTotal: invoice.total,
      totalExcludingTax: invoice.total_excluding_tax,
      currency: invoice.currency,
    }
    try {
      const fresh = await deps.payments.record(payment)
      deps.logger.info('stripe-webhook invoice.paid recorded', { eventId: event.id, invoiceId: invoice.id, registrationId, fresh })
      return fresh ? json(202, { recorded: true }) : json(200, { duplicate: true })
    } catch (error) {
      deps.logger.error('stripe-webhook: payment not recorded, Stripe will send it again', {
        eventId: event.id,
        registrationId,
        message: error instanceof Error ? error.message : String(error),
      })
      return json(500, { error: 'Not recorded: send it again' })
    }
  }
}
