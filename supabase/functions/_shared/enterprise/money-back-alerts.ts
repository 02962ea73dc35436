import type { AlertContent } from '../alerts/channels.ts'
import { boardLine, emailText, invoiceLink, phoneText } from '../alerts/links.ts'
import { opsFooter, opsHeading, type OpsContext } from '../alerts/ops.ts'
import { visitorText, type TextFormat } from '../alerts/text.ts'
import { escapeHtml } from '../board/update-note.ts'
import { agencyTime } from '../runtime/agency-time.ts'
import { planLine } from './messages.ts'
import { exactMoney, stateText, type MoneyBack, type PaymentState } from './money-back.ts'
import type { PaidRegistration } from './payment.ts'

/**
 * What the verdict recorded: the state the event stands for, whether the registration had been
 * activated before it, and the state the registration reads now (an older event, worked late, leaves it as it is).
 */
export type MoneyBackChange = { state: PaymentState; activated: boolean; reads: PaymentState | null }

export const MONEY_BACK_RUNBOOK = 'enterprise.md#money-back-refunds-disputes-voided-invoices'

const HEADLINES: Record<PaymentState, string> = {
  paid: 'Paid',
  'partially-refunded': 'Partly refunded',
  refunded: 'Refunded in full',
  disputed: 'Payment disputed',
  'dispute-won': 'Dispute won',
  'dispute-lost': 'Dispute lost',
  voided: 'Invoice voided',
  uncollectible: 'Invoice uncollectible',
  'partially-credited': 'Partly credited',
  credited: 'Credited in full',
}

/** One line, Stripe's values only: 'US$1,660.00 refunded of US$19,920.00'. */
export function whatHappened(event: MoneyBack, change: MoneyBackChange): string {
  const money = (amount: number) => exactMoney(amount, event.currency)
  const of = event.amountOf === null ? '' : ` of ${money(event.amountOf)}`
  const number = event.number ?? event.invoiceId ?? event.objectId
  switch (change.state) {
    case 'refunded':
    case 'partially-refunded':
      return `${money(event.amount)} refunded${of}`
    case 'disputed': {
      const due = event.respondBy ? `; answer it in Stripe by ${agencyTime(event.respondBy)}` : ''
      const status = event.eventType === 'charge.dispute.closed' ? `, closed as '${event.disputeStatus}'` : ''
      return `${money(event.amount)} disputed (reason: ${event.disputeReason ?? 'none given'}${status})${due}`
    }
    case 'dispute-won':
      return `The dispute closed as '${event.disputeStatus}': the payment of ${money(event.amount)} stands`
    case 'dispute-lost':
      return `The dispute was lost: ${money(event.amount)} went back to the customer`
    case 'voided':
      return `Invoice ${number} voided: ${money(event.amount)} is no longer due`
    case 'uncollectible':
      return `Invoice ${number} marked uncollectible: ${money(event.amount)} written off`
    case 'credited':
    case 'partially-credited':
      return `${money(event.amount)} credited${of} before tax (credit note ${number})`
    case 'paid':
      return `${money(event.amount)} paid`
  }
}

/** The action, short (for a subject) and in full. */
export function nextStep(change: MoneyBackChange): { short: string; full: string } {
  if (change.state === 'dispute-won')
    return change.activated
      ? {
          short: 'keep the account',
          full: 'The payment stands: keep the account active (activate it again if it was deactivated for the dispute).',
        }
      : {
          short: 'do not activate yet',
          full: 'The payment stands, but the account was never activated: check the invoice in Stripe before activating it.',
        }
  const partial = change.state === 'partially-refunded' || change.state === 'partially-credited'
  const answer = change.state === 'disputed' ? ' Answer the dispute in Stripe with the signed terms and the invoice.' : ''
  if (!change.activated)
    return {
      short: 'do not activate',
      full: `Do not activate the account${partial ? ' until the account manager has checked this with the customer' : ''}.${answer}`,
    }
  return {
    short: 'deactivate the account',
    full: `Deactivate the account${partial ? ' unless this was agreed with the customer (ask the account manager)' : ''}.${answer}`,
  }
}

const invoiceLine = (event: MoneyBack, format: TextFormat) =>
  event.invoiceId
    ? `Invoice ${invoiceLink({ id: event.invoiceId, number: event.eventType.startsWith('invoice.') ? event.number : null, livemode: event.livemode }, format)}`
    : `Stripe ${event.objectId}`

const subjectOf = (registration: PaidRegistration, change: MoneyBackChange, format: TextFormat) =>
  `${HEADLINES[change.state]}: ${visitorText(registration.companyName, format)} (${nextStep(change).short})`

/** Sales: what happened, the amount, what it means for the account, and who to call. */
export function salesMoneyBackAlert(registration: PaidRegistration, event: MoneyBack, change: MoneyBackChange): AlertContent {
  return (format) => {
    const subject = subjectOf(registration, change, format)
    const text = [
      subject,
      `${whatHappened(event, change)}, ${agencyTime(event.createdAt)}`,
      `${invoiceLine(event, format)}; the registration now reads: ${stateText(change.reads)}`,
      `Plan: ${planLine(registration)}`,
      `Contact: ${visitorText(registration.name, format)}, ${phoneText(registration.phone, format)}, ${emailText(registration.email, format)}`,
      `Registration id: ${registration.id}`,
      boardLine(registration.boardItemId, format),
      nextStep(change).full,
    ].join('\n')
    return { subject, text }
  }
}

/** Ops: the same facts, the environment first, and the runbook. */
export function opsMoneyBackAlert(
  registration: PaidRegistration,
  event: MoneyBack,
  change: MoneyBackChange,
  ops: OpsContext,
): AlertContent {
  return (format) => {
    const subject = `[${ops.environment}] ${subjectOf(registration, change, 'plain')}`
    const text = [
      opsHeading(ops, subjectOf(registration, change, format), format),
      `${whatHappened(event, change)}, ${agencyTime(event.createdAt)}`,
      `${invoiceLine(event, format)}; Stripe event ${event.eventId} (${event.eventType})`,
      `Registration id: ${registration.id}`,
      boardLine(registration.boardItemId, format),
      ...opsFooter(
        ops,
        {
          happened: `the registration now reads '${stateText(change.reads)}'; sales has the same alert`,
          next: nextStep(change).full,
          runbook: MONEY_BACK_RUNBOOK,
        },
        format,
      ),
    ].join('\n')
    return { subject, text }
  }
}

/** The note on the registration's board item: our words and Stripe's values, escaped. */
export function moneyBackNote(event: MoneyBack, change: MoneyBackChange): string {
  return [
    `<p><strong>${escapeHtml(HEADLINES[change.state])}</strong>: ${escapeHtml(whatHappened(event, change))}, ${escapeHtml(agencyTime(event.createdAt))}</p>`,
    `<p>The registration now reads: ${escapeHtml(stateText(change.reads))}. ${escapeHtml(nextStep(change).full)}</p>`,
    `<p>Stripe: ${escapeHtml(event.eventType)} ${escapeHtml(event.objectId)}${event.invoiceId ? `, invoice ${escapeHtml(event.invoiceId)}` : ''}</p>`,
  ].join('')
}

/** A Stripe event from the other mode (a test-mode event in production): recorded, nothing done, ops told. */
export function wrongModeAlert(
  event: { eventId: string; eventType: string; livemode?: boolean },
  expected: string,
  ops: OpsContext,
): AlertContent {
  return (format) => {
    const mode = event.livemode ? 'live' : 'test'
    const title = `Stripe ${mode}-mode event ignored: this deployment takes ${expected}-mode events only`
    const text = [
      opsHeading(ops, title, format),
      `Stripe event ${event.eventId} (${event.eventType}) came from ${mode} mode.`,
      ...opsFooter(
        ops,
        {
          happened: 'the event is recorded; nothing was activated or changed, and sales was not told',
          next: `check which Stripe endpoint's signing secret is STRIPE_WEBHOOK_SECRET: it must be the ${expected}-mode endpoint's (roll the secret if another endpoint shares it); STRIPE_MODE and STRIPE_SECRET_KEY set the deployment's mode`,
          runbook: 'enterprise.md#live-and-test-mode',
        },
        format,
      ),
    ].join('\n')
    return { subject: `[${ops.environment}] ${title}`, text }
  }
}
