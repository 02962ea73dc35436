import Stripe from 'stripe'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Stripe events as Stripe sends them to the endpoint (API version 2026-10-28.endive, the SDK's): a
// charge names its PaymentIntent, not its invoice (removed in 2025-03-31.basil). Signed by the SDK's
// own `webhooks.generateTestHeaderString` (HMAC-SHA256 `t=…,v1=…`), as Stripe documents.
export const WEBHOOK_SECRET = 'whsec_test_stripe_webhook_secret'
export const API_VERSION = '2026-10-28.endive'

export const sign = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret })

/** An event around `object`; `livemode` false unless said (the fake is a test-mode account). */
export function eventBody(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; livemode?: boolean; created?: number } = {},
) {
  return JSON.stringify({
    id: options.id ?? `evt_${crypto.randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: options.livemode ?? false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { livemode: options.livemode ?? false, ...object } },
  })
}

export const eventIdOf = (body: string) => (JSON.parse(body) as { id: string }).id

/** Posts a signed event to the stripe-webhook function: its status and JSON answer. */
export async function deliver(url: string, body: string, signature: string | null = sign(body)) {
  const res = await fetchWithin(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    body,
    within: 15_000,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** The invoice of a registration, as `invoice.paid`, `invoice.voided` and `invoice.marked_uncollectible` carry it. */
export function invoiceObject(options: {
  id: string
  registrationId: string
  total: number
  status: 'paid' | 'void' | 'uncollectible' | 'open'
  amountPaid?: number
  amountRemaining?: number
  totalExcludingTax?: number
  currency?: string
  paidAt?: number
}) {
  return {
    id: options.id,
    object: 'invoice',
    number: 'ACME-0001',
    status: options.status,
    currency: options.currency ?? 'usd',
    total: options.total,
    total_excluding_tax: options.totalExcludingTax ?? options.total,
    amount_paid: options.amountPaid ?? 0,
    amount_remaining: options.amountRemaining ?? 0,
    status_transitions: { finalized_at: null, paid_at: options.paidAt ?? null },
    metadata: { registration_id: options.registrationId },
  }
}

/** A charge, refunded (`amountRefunded` so far, of `amount`); `invoice` only as API versions before basil sent it. */
export function chargeObject(options: {
  id: string
  paymentIntent: string | null
  amount: number
  amountRefunded: number
  invoice?: string
}) {
  return {
    id: options.id,
    object: 'charge',
    amount: options.amount,
    amount_captured: options.amount,
    amount_refunded: options.amountRefunded,
    refunded: options.amountRefunded >= options.amount,
    currency: 'usd',
    payment_intent: options.paymentIntent,
    disputed: false,
    ...(options.invoice ? { invoice: options.invoice } : {}),
  }
}

/** A dispute on a charge; `dueBy` is when Stripe wants the evidence (seconds). */
export function disputeObject(options: {
  id: string
  charge: string
  paymentIntent: string
  amount: number
  status: string
  dueBy?: number
}) {
  return {
    id: options.id,
    object: 'dispute',
    amount: options.amount,
    charge: options.charge,
    payment_intent: options.paymentIntent,
    currency: 'usd',
    reason: 'fraudulent',
    status: options.status,
    is_charge_refundable: false,
    evidence_details: { due_by: options.dueBy ?? null, has_evidence: false, past_due: false, submission_count: 0 },
  }
}

/** A credit note on an invoice: `total` with tax, `totalExcludingTax` before. */
export function creditNoteObject(options: { id: string; invoice: string; total: number; totalExcludingTax: number }) {
  return {
    id: options.id,
    object: 'credit_note',
    number: 'ACME-0001-CN-01',
    invoice: options.invoice,
    currency: 'usd',
    subtotal: options.totalExcludingTax,
    total: options.total,
    total_excluding_tax: options.totalExcludingTax,
    type: 'post_payment',
    status: 'issued',
    reason: 'order_change',
  }
}
