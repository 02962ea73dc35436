import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeStripe, STRIPE_KEY, type FakeStripe } from '../support/fake-stripe.mjs'
import { StepFailed } from '../../supabase/functions/_shared/outbox/step-failure.ts'
import type { Registration } from '../../supabase/functions/_shared/enterprise/registration.ts'
import { stripeInvoicing } from '../../supabase/functions/_shared/enterprise/stripe-invoicing.ts'
import { loopbackPassesThrough } from './support'

// How Stripe's answers become the outbox's failures: passing trouble and refusals by their kind.
let fake: FakeStripe

const registration: Registration = {
  id: '6f0e9d4c-1b2a-4c3d-8e7f-001122334455',
  attempts: 1,
  claimedUntil: null,
  lastError: null,
  failureReason: null,
  createdAt: new Date('2026-11-25T10:00:00Z'),
  submissionId: '7a1b2c3d-4e5f-4a6b-8c7d-001122334455',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+61422470721',
  companyName: 'Acme & Co.',
  fullAddress: '78 Harbour Street, Sydney NSW, Australia',
  seats: '11-50',
  plan: 'starter',
  billingCycle: 'biannually',
  overDailyCap: false,
  boardItemId: null,
  boardNoteSentAt: null,
  salesAlertSentAt: null,
  salesAlertChannels: [],
  confirmationSentAt: null,
  confirmSlotAt: null,
  confirmLimitedAt: null,
  confirmLinkIssuedAt: null,
  confirmRequestSentAt: null,
  emailConfirmedAt: null,
  confirmedNoteAt: null,
  stripeCustomerId: null,
  stripeInvoiceId: null,
  invoiceItemId: null,
  invoiceFinalizedAt: null,
  invoiceSentAt: null,
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof StepFailed ? error.failure : error),
  )

beforeAll(async () => {
  fake = await startFakeStripe()
})
afterAll(() => fake?.close())
beforeEach(() => {
  loopbackPassesThrough()
  fake.clear()
})

const invoicing = (secretKey = STRIPE_KEY) => stripeInvoicing({ secretKey, apiUrl: fake.url, timeoutMs: 300 })

describe('stripeInvoicing', () => {
  it('bills the period total in cents (biannual: 6 months) and finds the customer an earlier try made', async () => {
    const stripe = invoicing()
    const customer = await stripe.customer(registration)
    const invoice = await stripe.createInvoice(registration, customer)
    await stripe.addItem(registration, customer, invoice)
    expect(fake.invoicesFor(registration.id)[0]).toMatchObject({ amount_due: 1_845 * 6 * 100, currency: 'usd' })
    expect(fake.invoiceItems.size).toBe(1)

    // Found by the registration id before any create (so even once Stripe has forgotten the key).
    expect(await invoicing().customer(registration)).toBe(customer)
    expect(fake.requests.filter((request) => request.operation === 'customers.create')).toHaveLength(1)
  })

  it('names a 500 http, a 429 rate-limited, a lost answer timeout, a wrong key auth and a bad request refused', async () => {
    fake.failNext('customers.list', 1, 'http-500')
    expect(await failureOf(invoicing().customer(registration))).toMatchObject({ reason: 'http' })
    fake.failNext('customers.list', 1, 'rate-limited')
    expect(await failureOf(invoicing().customer(registration))).toMatchObject({ reason: 'rate-limited' })
    fake.failNext('customers.list', 1, 'succeed-hang')
    expect(await failureOf(invoicing().customer(registration))).toMatchObject({ reason: 'timeout' })
    expect(await failureOf(invoicing('sk_test_wrong').customer(registration))).toMatchObject({ reason: 'auth' })
    expect(await failureOf(invoicing().finalize(registration, 'in_missing'))).toMatchObject({
      reason: 'refused',
      detail: expect.stringContaining('finalize: HTTP 404'),
    })
  })
})
