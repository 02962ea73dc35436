/** The Stripe events by which money comes back, or stops being owed (NOTES.md; docs/deploy.md lists them for the endpoint). */
export const MONEY_BACK_EVENTS = [
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
  'invoice.voided',
  'invoice.marked_uncollectible',
  'credit_note.created',
] as const
export type MoneyBackType = (typeof MONEY_BACK_EVENTS)[number]

export const isMoneyBackType = (type: string): type is MoneyBackType => (MONEY_BACK_EVENTS as readonly string[]).includes(type)

/** enterprise_registrations.payment_state: what happened to the registration's money, latest first. */
export type PaymentState =
  | 'paid'
  | 'partially-refunded'
  | 'refunded'
  | 'disputed'
  | 'dispute-won'
  | 'dispute-lost'
  | 'voided'
  | 'uncollectible'
  | 'partially-credited'
  | 'credited'

/** A verified money-back event as recorded: Stripe's values only, no visitor text. */
export type MoneyBack = {
  eventId: string
  eventType: MoneyBackType
  livemode: boolean
  /** Stripe's `created`: the registration's state follows the latest event. */
  createdAt: Date
  /** The charge, dispute, credit note or invoice. */
  objectId: string
  /** The invoice it concerns: on an invoice or credit note; on a charge only before API version 2025-03-31. */
  invoiceId: string | null
  /** A charge's or dispute's PaymentIntent, by which the worker finds the invoice when the event names none. */
  paymentIntent: string | null
  /** The invoice's or credit note's number, as the customer reads it. */
  number: string | null
  /** What went back (refunded so far, disputed, credited before tax, voided or written off), in the smallest unit. */
  amount: number
  /** What that is out of (the charge's amount; for a voided or uncollectible invoice its total), when the event says. */
  amountOf: number | null
  currency: string
  disputeStatus: string | null
  disputeReason: string | null
  /** When evidence for a dispute is due in Stripe. */
  respondBy: Date | null
}

/** A closed dispute the agency kept the money on: won, or an inquiry closed without a chargeback. */
const KEPT = new Set(['won', 'warning_closed', 'prevented'])

/**
 * The registration's state after the event. `amountOf` for a credit note is the period total,
 * known only with the registration; a refund or credit for less than the whole is partial.
 */
export function stateAfter(event: Pick<MoneyBack, 'eventType' | 'amount' | 'amountOf' | 'disputeStatus'>): PaymentState {
  const whole = event.amountOf === null || event.amount >= event.amountOf
  switch (event.eventType) {
    case 'charge.refunded':
      return whole ? 'refunded' : 'partially-refunded'
    case 'charge.dispute.created':
      return 'disputed'
    case 'charge.dispute.closed':
      return event.disputeStatus === 'lost' ? 'dispute-lost' : KEPT.has(event.disputeStatus ?? '') ? 'dispute-won' : 'disputed'
    case 'invoice.voided':
      return 'voided'
    case 'invoice.marked_uncollectible':
      return 'uncollectible'
    case 'credit_note.created':
      return whole ? 'credited' : 'partially-credited'
  }
}

/** How staff read a state: 'partially refunded'. */
export const stateText = (state: PaymentState | null) => (state ? state.replace(/-/g, ' ') : 'not paid')

/** 'US$1,660.00': every cent shown, so two amounts are never confused. */
export function exactMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-CA', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100)
  } catch {
    return `${amount} ${currency}`
  }
}
