import Stripe from 'stripe'
import type { PaymentEventStore } from '../_shared/enterprise/payment-events.ts'
import { json, methodNotAllowed, readLimitedText } from '../_shared/http/http.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import { recordableOf } from './records.ts'

export type StripeWebhookDeps = {
  /** STRIPE_WEBHOOK_SECRET, the endpoint's signing secret (whsec_…). */
  secret: string | undefined
  payments: PaymentEventStore | undefined
  logger: Logger
}

const MAX_BODY_BYTES = 1024 * 1024

/**
 * Stripe's webhook (docs/enterprise.md). The signature is checked on the raw body before anything
 * else: a missing or bad one is 400 and changes nothing. An `invoice.paid` naming a registration,
 * and each event by which money comes back (records.ts: refunds, disputes, voided and uncollectible
 * invoices, credit notes), is recorded once, by its event id, and answered at once (202; a replay
 * 200): the `webhook-events` worker, woken by the insert, links it to its registration and tells
 * staff. Every other event answers 200 and does nothing. When the event cannot be recorded the
 * answer is 5xx, so Stripe sends it again (it retries for up to three days).
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

    const recordable = recordableOf(event)
    if (recordable.kind === 'ignored') return json(200, { ignored: recordable.why })
    if (!deps.payments) {
      deps.logger.error('stripe-webhook cannot record an event: set SUPABASE_DB_URL', { eventId: event.id, type: event.type })
      return json(503, { error: 'The webhook is not configured' })
    }

    try {
      const fresh =
        recordable.kind === 'paid' ? await deps.payments.record(recordable.payment) : await deps.payments.recordMoneyBack(recordable.event)
      deps.logger.info('stripe-webhook event recorded', { eventId: event.id, type: event.type, fresh })
      return fresh ? json(202, { recorded: true }) : json(200, { duplicate: true })
    } catch (error) {
      deps.logger.error('stripe-webhook: event not recorded, Stripe will send it again', {
        eventId: event.id,
        type: event.type,
        message: error instanceof Error ? error.message : String(error),
      })
      return json(500, { error: 'Not recorded: send it again' })
    }
  }
}
