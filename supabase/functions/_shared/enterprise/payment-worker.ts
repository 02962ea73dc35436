import { createUpdateOnce } from '../board/update-once.ts'
import type { BoardClient } from '../board/client.ts'
import type { BackoffPolicy } from '../outbox/backoff.ts'
import { keepClaim } from '../outbox/claim-lost.ts'
import type { Claimed } from '../outbox/outbox.ts'
import { settleFailure } from '../outbox/settle.ts'
import { StepFailed, type StepFailure } from '../outbox/step-failure.ts'
import type { Logger } from '../runtime/logger.ts'
import { paymentFailedNotice } from '../notify/deal-notices.ts'
import { failingWithNotice } from '../notify/outbox-notice.ts'
import { moneyBackNote } from './money-back-alerts.ts'
import { paymentNotices, taxRate, type PaymentSettings } from './payment-alerts.ts'
import type { PaymentEvent, PaymentEventStore, PaymentVerdict } from './payment-events.ts'
import { wrongMode } from './stripe-mode.ts'

export type PaymentWorkerDeps = {
  store: PaymentEventStore
  /** The registration's item gets a note of money that came back; without a board, none. */
  board?: { client: BoardClient } | undefined
  payment?: PaymentSettings | undefined
  backoff: BackoffPolicy
  logger: Logger
  now: () => Date
}

export type PaymentWorkOutcome =
  { kind: 'done'; outcome: PaymentVerdict['outcome'] } | { kind: 'retry'; failure: StepFailure } | { kind: 'failed'; failure: StepFailure }

/**
 * The verdict, decided once. A charge or dispute that names no invoice (API versions since basil)
 * is first linked to one through Stripe: a read, so a retry just asks again. An event from the
 * other Stripe mode is never looked up.
 */
async function decide(event: Claimed<PaymentEvent>, deps: PaymentWorkerDeps): Promise<PaymentVerdict> {
  const mode = deps.payment?.mode
  const moneyBack = event.moneyBack
  let invoiceId: string | null | undefined
  if (moneyBack && !event.outcome && !moneyBack.invoiceId && moneyBack.paymentIntent && !wrongMode(mode, event.livemode)) {
    const lookups = deps.payment?.lookups
    if (!lookups)
      throw new StepFailed({
        reason: 'stripe-off',
        detail: `set STRIPE_SECRET_KEY on webhook-events: ${moneyBack.eventType} ${moneyBack.objectId} names its invoice only through Stripe`,
      })
    invoiceId = await lookups.invoiceOfPaymentIntent(moneyBack.paymentIntent)
  }
  // A mismatch alert states the amount with tax: read before the transaction, which calls nothing outside.
  const tax = event.payment && !event.outcome ? await taxRate(deps.payment) : undefined
  return deps.store.decide(event, { mode, invoiceId }, (verdict) => paymentNotices(event, verdict, deps.payment, tax))
}

/** One note on the registration's item, found by its reference line before it is created (a lost answer adds none). */
async function boardStep(event: Claimed<PaymentEvent>, verdict: PaymentVerdict, deps: PaymentWorkerDeps): Promise<void> {
  if (verdict.outcome !== 'money-back' || event.boardNoteId) return
  const itemId = verdict.registration.boardItemId
  if (!deps.board || !itemId) {
    deps.logger.warn('money-back note not on the board', {
      eventId: event.eventId,
      reason: deps.board ? 'no board item' : 'no board settings',
    })
    return
  }
  const note = await createUpdateOnce(deps.board.client, {
    itemId,
    body: moneyBackNote(verdict.moneyBack, verdict.change),
    ref: `stripe-${event.eventId}`,
  })
  if (!note.ok) throw new StepFailed({ reason: note.failure.reason, detail: note.failure.message, retryInMs: note.failure.retryInMs })
  keepClaim(await deps.store.recordBoardNote(event, note.id), event, 'record')
}

/**
 * Works one recorded Stripe event: the verdict, the registration's state and the messages to staff
 * first (payment-verdicts.ts; the notifications outbox sends them), in one transaction with no
 * outside call, then the board note, retried with backoff until it goes through, and failed with
 * one message to ops, queued with the failure, once its attempts are used up.
 */
export async function workPayment(event: Claimed<PaymentEvent>, deps: PaymentWorkerDeps): Promise<PaymentWorkOutcome> {
  try {
    const verdict = await decide(event, deps)
    await boardStep(event, verdict, deps)
    keepClaim(await deps.store.done(event, {}), event, 'done')
    deps.logger.info('stripe event worked', { eventId: event.eventId, type: event.eventType, outcome: verdict.outcome })
    return { kind: 'done', outcome: verdict.outcome }
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error
    const { failure } = error
    deps.logger.warn('stripe event not worked through', { eventId: event.eventId, reason: failure.reason, detail: failure.detail })
    // A failure is ops' to fix, as enterprise-followup's are.
    const outbox = failingWithNotice(deps.store, ({ reason, detail }) => paymentFailedNotice(event, `${reason}: ${detail}`))
    const settled = await settleFailure(event, { ...failure, countAttempt: true }, { outbox, backoff: deps.backoff, now: deps.now })
    if (settled.kind === 'retry') return { kind: 'retry', failure }
    deps.logger.error('stripe event failed for good', { eventId: event.eventId, type: event.eventType })
    return { kind: 'failed', failure }
  }
}
