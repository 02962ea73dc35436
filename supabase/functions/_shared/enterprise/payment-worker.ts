import { sendOnAnyChannel, type AlertChannel, type AlertContent } from '../alerts/channels.ts'
import type { BackoffPolicy } from '../outbox/backoff.ts'
import { keepClaim } from '../outbox/claim-lost.ts'
import type { Claimed } from '../outbox/outbox.ts'
import { settleFailure } from '../outbox/settle.ts'
import { StepFailed, type StepFailure } from '../outbox/step-failure.ts'
import type { Logger } from '../runtime/logger.ts'
import { mismatchAlert, paidAlert } from './payment.ts'
import type { PaymentEvent, PaymentEventStore, PaymentVerdict } from './payment-events.ts'

export type PaymentWorkerDeps = {
  store: PaymentEventStore
  channels: AlertChannel[]
  backoff: BackoffPolicy
  logger: Logger
  now: () => Date
}

export type PaymentWorkOutcome =
  { kind: 'done'; outcome: PaymentVerdict['outcome'] } | { kind: 'retry'; failure: StepFailure } | { kind: 'failed'; failure: StepFailure }

/**
 * The alert a verdict calls for, on each channel that does not have it yet, each recorded as it is
 * taken. The e-mail channel sends one message per key: one paid alert per registration, one
 * mismatch alert per event, whatever a lost answer makes us send again.
 */
async function alertStep(event: Claimed<PaymentEvent>, verdict: PaymentVerdict, deps: PaymentWorkerDeps): Promise<void> {
  if (verdict.outcome !== 'paid' && verdict.outcome !== 'mismatch') return
  const [content, idempotencyKey] =
    verdict.outcome === 'paid'
      ? [paidAlert(verdict.registration, event), `enterprise-paid-alert/${verdict.registration.id}`]
      : [mismatchAlert(verdict.registration, event, verdict.mismatch), `stripe-mismatch-alert/${event.eventId}`]
  if (deps.channels.length === 0) throw new StepFailed({ reason: 'alerts-off', detail: 'no alert channel is configured' })
  const due = deps.channels.filter((channel) => !event.alertChannels.includes(channel.name))
  const results = await Promise.allSettled(due.map((channel) => channel.send({ ...content(channel.format), idempotencyKey })))
  const errors: string[] = []
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') keepClaim(await deps.store.recordAlertChannel(event, due[index]!.name), event, 'record')
    else errors.push(`${due[index]!.name}: ${String(result.reason)}`)
  }
  // One channel that has it is enough for sales to act: the others are not sent again.
  if (event.alertChannels.length + due.length - errors.length === 0) {
    throw new StepFailed({ reason: 'alert', detail: errors.join('; ') })
  }
}

/** Our own words and Stripe's ids only: the same on every channel. */
const paymentFailedAlert =
  (event: PaymentEvent, error: string): AlertContent =>
  () => {
    const subject = `Payment alert not sent: invoice ${event.invoiceId}`
    const text = [
      subject,
      `Stripe event: ${event.eventId}, registration id: ${event.registrationId}`,
      `Last error: ${error.slice(0, 300)}`,
      'Check the payment in Stripe, and activate the account by hand if it is paid.',
    ].join('\n')
    return { subject, text }
  }

/**
 * Works one recorded `invoice.paid`: the verdict and the payment first (payment.ts's checks), in
 * one transaction with no outside call, then the alert, retried with backoff until a channel takes
 * it, and failed with one failure alert once its attempts are used up.
 */
export async function workPayment(event: Claimed<PaymentEvent>, deps: PaymentWorkerDeps): Promise<PaymentWorkOutcome> {
  try {
    const verdict = await deps.store.decide(event)
    await alertStep(event, verdict, deps)
    keepClaim(await deps.store.done(event, {}), event, 'done')
    deps.logger.info('stripe payment event worked', {
      eventId: event.eventId,
      registrationId: event.registrationId,
      outcome: verdict.outcome,
    })
    return { kind: 'done', outcome: verdict.outcome }
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error
    const { failure } = error
    deps.logger.warn('payment alert not sent', { eventId: event.eventId, reason: failure.reason, detail: failure.detail })
    const settled = await settleFailure(
      event,
      { ...failure, countAttempt: true },
      { outbox: deps.store, backoff: deps.backoff, now: deps.now },
    )
    if (settled.kind === 'retry') return { kind: 'retry', failure }
    if (await deps.store.claimFailureAlert(event.id)) {
      deps.logger.error('payment alert failed for good', { eventId: event.eventId, registrationId: event.registrationId })
      await sendOnAnyChannel(paymentFailedAlert(event, `${failure.reason}: ${failure.detail}`), deps.channels).catch(() => undefined)
    }
    return { kind: 'failed', failure }
  }
}
