import type Stripe from 'stripe'
import { isMoneyBackType, type MoneyBack } from '../_shared/enterprise/money-back.ts'
import type { Payment } from '../_shared/enterprise/payment.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What a verified event comes to: a payment, money that came back, or nothing to keep (and why). */
export type Recordable = { kind: 'paid'; payment: Payment } | { kind: 'money-back'; event: MoneyBack } | { kind: 'ignored'; why: string }

const idOf = (value: string | { id?: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))
const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)

/** A registration's invoice carries its id in `metadata.registration_id` (the follow-through sets it). */
const registrationOf = (invoice: Stripe.Invoice) => {
  const id = invoice.metadata?.registration_id
  return id && UUID.test(id) ? id : undefined
}

function paid(event: Stripe.Event, invoice: Stripe.Invoice): Recordable {
  const registrationId = registrationOf(invoice)
  if (!registrationId || !invoice.id) return { kind: 'ignored', why: 'not the invoice of a registration' }
  return {
    kind: 'paid',
    payment: {
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
    },
  }
}

type Fields = Omit<MoneyBack, 'eventId' | 'eventType' | 'livemode' | 'createdAt' | 'disputeStatus' | 'disputeReason' | 'respondBy'> &
  Partial<Pick<MoneyBack, 'disputeStatus' | 'disputeReason' | 'respondBy'>>

/** The fields of each money-back event's object, as Stripe sends them (any API version). */
function moneyBackFields(event: Stripe.Event): Fields | string {
  const object = event.data.object as unknown as Record<string, unknown>
  switch (event.type) {
    case 'charge.refunded': {
      const charge = event.data.object
      // Before 2025-03-31 (basil) a charge names its invoice; since, only its PaymentIntent does.
      const invoice = idOf(object['invoice'] as string | null | undefined)
      const base = { objectId: charge.id, invoiceId: invoice, paymentIntent: idOf(charge.payment_intent), number: null }
      return { ...base, amount: charge.amount_refunded, amountOf: charge.amount, currency: charge.currency }
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object
      return {
        objectId: dispute.id,
        invoiceId: null,
        paymentIntent: idOf(dispute.payment_intent),
        number: null,
        amount: dispute.amount,
        amountOf: null,
        currency: dispute.currency,
        disputeStatus: dispute.status,
        disputeReason: dispute.reason,
        respondBy: at(dispute.evidence_details?.due_by),
      }
    }
    case 'invoice.voided':
    case 'invoice.marked_uncollectible': {
      const invoice = event.data.object
      if (!registrationOf(invoice) || !invoice.id) return 'not the invoice of a registration'
      const amount = event.type === 'invoice.voided' ? invoice.total : invoice.amount_remaining
      return {
        objectId: invoice.id,
        invoiceId: invoice.id,
        paymentIntent: null,
        number: invoice.number,
        amount,
        amountOf: invoice.total,
        currency: invoice.currency,
      }
    }
    case 'credit_note.created': {
      const note = event.data.object
      // What was credited before tax, as the period total is: the worker compares the two.
      const amount = note.total_excluding_tax ?? note.subtotal
      return {
        objectId: note.id,
        invoiceId: idOf(note.invoice),
        paymentIntent: null,
        number: note.number,
        amount,
        amountOf: null,
        currency: note.currency,
      }
    }
    default:
      return event.type
  }
}

/** The record a verified event makes, if any: `invoice.paid` of a registration, or one of the money-back events. */
export function recordableOf(event: Stripe.Event): Recordable {
  if (event.type === 'invoice.paid') return paid(event, event.data.object)
  if (!isMoneyBackType(event.type)) return { kind: 'ignored', why: event.type }
  const fields = moneyBackFields(event)
  if (typeof fields === 'string') return { kind: 'ignored', why: fields }
  return {
    kind: 'money-back',
    event: {
      disputeStatus: null,
      disputeReason: null,
      respondBy: null,
      ...fields,
      eventId: event.id,
      eventType: event.type,
      livemode: event.livemode,
      createdAt: new Date(event.created * 1000),
    },
  }
}
