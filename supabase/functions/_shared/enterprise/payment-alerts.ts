import type { AlertChannel, AlertContent } from '../alerts/channels.ts'
import type { OpsContext } from '../alerts/ops.ts'
import { keepClaim } from '../outbox/claim-lost.ts'
import type { Claimed } from '../outbox/outbox.ts'
import { StepFailed } from '../outbox/step-failure.ts'
import { opsMoneyBackAlert, salesMoneyBackAlert, wrongModeAlert } from './money-back-alerts.ts'
import { mismatchAlert, mismatchText, paidAlert, type TaxRate } from './payment.ts'
import type { PaymentEvent, PaymentEventStore, PaymentVerdict } from './payment-events.ts'
import type { PaymentLookups } from './stripe-payments.ts'
import type { StripeMode } from './stripe-mode.ts'

/** The payment worker's own settings (webhook-events/index.ts). */
export type PaymentSettings = {
  /** OPS_WEBHOOK_URL, OPS_EMAIL_TO (each defaults to the sales one). */
  opsChannels: AlertChannel[]
  ops: OpsContext
  /** The deployment's Stripe mode (stripe-mode.ts): an event from the other mode changes nothing. */
  mode: StripeMode | undefined
  /** Stripe reads (STRIPE_SECRET_KEY); undefined without a key. */
  lookups: PaymentLookups | undefined
  /** STRIPE_TAX_RATE_ID: the mismatch alert states the amount with this tax. */
  taxRateId: string | undefined
}

export type AlertStepDeps = { store: PaymentEventStore; channels: AlertChannel[]; payment?: PaymentSettings }

/** One audience's alert: its channels, what they record it under, the message and its e-mail key. */
type Audience = { name: 'sales' | 'ops'; channels: AlertChannel[]; prefix: '' | 'ops-'; content: AlertContent; key: string }

async function taxRate(payment: PaymentSettings | undefined): Promise<TaxRate | 'unknown' | undefined> {
  if (!payment?.taxRateId) return undefined
  if (!payment.lookups) return 'unknown'
  return await payment.lookups.taxRate().catch(() => 'unknown' as const)
}

/**
 * Who hears of a verdict: sales of a payment and of a mismatch (as before); sales and ops, one
 * alert each, of money that came back; ops alone of an event from the other Stripe mode.
 */
async function audiences(event: PaymentEvent, verdict: PaymentVerdict, deps: AlertStepDeps): Promise<Audience[]> {
  const sales = { name: 'sales', channels: deps.channels, prefix: '' } as const
  const opsChannels = deps.payment?.opsChannels ?? deps.channels
  const ops = { name: 'ops', channels: opsChannels, prefix: 'ops-' } as const
  const context = deps.payment?.ops ?? { environment: 'APP_ENV not set', runbookBase: 'docs' }
  switch (verdict.outcome) {
    case 'paid':
      return [
        { ...sales, content: paidAlert(verdict.registration, event.payment!), key: `enterprise-paid-alert/${verdict.registration.id}` },
      ]
    case 'mismatch': {
      const text = mismatchText(verdict.mismatch, verdict.mismatch.kind === 'amount' ? await taxRate(deps.payment) : undefined)
      return [{ ...sales, content: mismatchAlert(verdict.registration, event, text), key: `stripe-mismatch-alert/${event.eventId}` }]
    }
    case 'money-back': {
      const { registration, moneyBack, change } = verdict
      const key = `stripe-money-back/${event.eventId}`
      return [
        { ...sales, content: salesMoneyBackAlert(registration, moneyBack, change), key: `${key}/sales` },
        { ...ops, content: opsMoneyBackAlert(registration, moneyBack, change, context), key: `${key}/ops` },
      ]
    }
    case 'wrong-mode':
      return [
        {
          ...ops,
          content: wrongModeAlert(event, deps.payment?.mode ?? 'the other', context),
          key: `stripe-wrong-mode/${event.eventId}/ops`,
        },
      ]
    default:
      return []
  }
}

/**
 * Each audience's alert on each of its channels that does not have it yet, each recorded as it is
 * taken. An audience one of whose channels has it is done: the others are not sent again. The
 * e-mail carries a key per audience and event, so a lost answer sends nothing twice.
 */
export async function alertStep(event: Claimed<PaymentEvent>, verdict: PaymentVerdict, deps: AlertStepDeps): Promise<void> {
  const errors: string[] = []
  let unheard = false
  for (const audience of await audiences(event, verdict, deps)) {
    const names = audience.channels.map((channel) => `${audience.prefix}${channel.name}`)
    if (names.some((name) => event.alertChannels.includes(name))) continue
    if (audience.channels.length === 0) {
      errors.push(`${audience.name}: no alert channel is configured`)
      unheard = true
      continue
    }
    const results = await Promise.allSettled(
      audience.channels.map((channel) => channel.send({ ...audience.content(channel.format), idempotencyKey: audience.key })),
    )
    let took = 0
    for (const [index, result] of results.entries()) {
      if (result.status === 'fulfilled') {
        keepClaim(await deps.store.recordAlertChannel(event, names[index]!), event, 'record')
        took++
      } else errors.push(`${audience.name} ${audience.channels[index]!.name}: ${String(result.reason)}`)
    }
    if (took === 0) unheard = true
  }
  if (unheard) {
    const off = errors.every((error) => error.endsWith('no alert channel is configured'))
    throw new StepFailed({ reason: off ? 'alerts-off' : 'alert', detail: errors.join('; ') })
  }
}
