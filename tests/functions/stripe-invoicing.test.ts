import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeStripe, STRIPE_KEY, type FakeStripe } from '../support/fake-stripe.mjs'
import { StepFailed } from '../../supabase/functions/_shared/outbox/step-failure.ts'
import type { Registration } from '../../supabase/functions/_shared/enterprise/registration.ts'
import { servicePeriod, servicePeriodText } from '../../supabase/functions/_shared/enterprise/invoicing.ts'
import { stripeInvoicing, type InvoiceSettings } from '../../supabase/functions/_shared/enterprise/stripe-invoicing.ts'
import { loopbackPassesThrough } from './support'

// How Stripe's answers become the outbox's failures: passing trouble and refusals by their kind.
let fake: FakeStripe

const registration: Registration = {
  id: '6f0e9d4c-1b2a-4c3d-8e7f-001122334455',
  claimToken: null,
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
  verified: true,
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

const noSettings: InvoiceSettings = { footer: undefined, businessNumber: undefined, taxRateId: undefined }
// Long enough for a loaded CI host; the one lost-answer case passes its own short timeout.
const invoicing = (secretKey = STRIPE_KEY, invoice = noSettings, timeoutMs = 3_000) =>
  stripeInvoicing({ secretKey, apiUrl: fake.url, timeoutMs, invoice })

/** Customer, invoice and line, as the follow-through makes them one step at a time. */
async function invoiceFor(stripe: ReturnType<typeof invoicing>) {
  const customer = await stripe.customer(registration)
  const invoice = await stripe.createInvoice(registration, customer)
  const item = await stripe.addItem(registration, customer, invoice)
  return { customer, invoice, item }
}
const creates = () => fake.requests.filter((request) => request.method === 'POST')

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
    expect(await failureOf(invoicing(STRIPE_KEY, noSettings, 300).customer(registration))).toMatchObject({ reason: 'timeout' })
    expect(await failureOf(invoicing('sk_test_wrong').customer(registration))).toMatchObject({ reason: 'auth' })
    expect(await failureOf(invoicing().finalize(registration, 'in_missing'))).toMatchObject({
      reason: 'refused',
      detail: expect.stringContaining('invoice lookup: HTTP 404'),
    })
  })

  it('bills the company at its address, the contact in a custom field, the line over its service period, footer, ABN and GST from settings', async () => {
    const gst = fake.addTaxRate({ displayName: 'GST', percentage: 10, inclusive: false, country: 'AU' })
    const { customer } = await invoiceFor(
      invoicing(STRIPE_KEY, {
        footer: 'Agency Pty Ltd, 1 George Street, Sydney NSW 2000. Questions: accounts@agency.example',
        businessNumber: { label: 'ABN', value: '12 345 678 901' },
        taxRateId: gst.id,
      }),
    )
    expect(fake.customers.get(customer)).toMatchObject({
      name: 'Acme & Co.',
      email: 'jane@example.com',
      address: { line1: '78 Harbour Street, Sydney NSW, Australia' },
      invoice_settings: { custom_fields: [{ name: 'Contact', value: 'Jane Doe' }] },
    })
    const [invoice] = fake.invoicesFor(registration.id)
    expect(invoice).toMatchObject({
      customer_name: 'Acme & Co.',
      customer_address: { line1: '78 Harbour Street, Sydney NSW, Australia' },
      // The welcome e-mail quotes the same reference.
      custom_fields: [
        { name: 'Reference', value: registration.id.replace(/-/g, '').slice(0, 8).toUpperCase() },
        { name: 'Contact', value: 'Jane Doe' },
        { name: 'ABN', value: '12 345 678 901' },
      ],
      footer: 'Agency Pty Ltd, 1 George Street, Sydney NSW 2000. Questions: accounts@agency.example',
      // 6 months of Starter, plus 10% GST on top.
      subtotal: 1_107_000,
      amount_due: 1_217_700,
    })
    expect(invoice!.lines.data[0]).toMatchObject({
      description: 'Starter Enterprise, Biannually, 23 December 2026 to 22 June 2027',
      period: { start: Date.UTC(2026, 11, 23, 12) / 1000, end: Date.UTC(2027, 5, 22, 12) / 1000 },
      taxes: [{ amount: 110_700, tax_behavior: 'exclusive', tax_rate_details: { tax_rate: gst.id } }],
    })
  })

  it('finds the customer, invoice and line an earlier try made, after Stripe forgot the keys: nothing is created twice', async () => {
    const first = await invoiceFor(invoicing())
    fake.advanceClock(8 * 24 * 3_600_000)
    const before = creates().length
    expect(await invoiceFor(invoicing())).toEqual(first)
    expect(creates()).toHaveLength(before)
    expect(fake.invoicesFor(registration.id)).toHaveLength(1)
    expect(fake.invoiceItems.size).toBe(1)
  })

  it('finds what a registration invoiced before the company billing made (a person named, no period) and leaves it as it is', async () => {
    const { hostname, port } = new URL(fake.url)
    const sdk = new Stripe(STRIPE_KEY, { httpClient: Stripe.createFetchHttpClient(), host: hostname, port, protocol: 'http' })
    const meta = { metadata: { registration_id: registration.id } }
    const old = await sdk.customers.create({ email: registration.email, name: 'Jane Doe', ...meta })
    const oldInvoice = await sdk.invoices.create({ customer: old.id, collection_method: 'send_invoice', days_until_due: 14, ...meta })
    const oldItem = await sdk.invoiceItems.create({ customer: old.id, invoice: oldInvoice.id, amount: 1_107_000, currency: 'usd', ...meta })
    const before = creates().length
    expect(await invoiceFor(invoicing())).toEqual({ customer: old.id, invoice: oldInvoice.id, item: oldItem.id })
    expect(creates()).toHaveLength(before)
    expect(fake.customers.get(old.id)).toMatchObject({ name: 'Jane Doe' })
  })

  it('finds its invoice among many of the customer, page by page', async () => {
    const stripe = invoicing()
    const customer = await stripe.customer(registration)
    const mine = await stripe.createInvoice(registration, customer)
    const { hostname, port } = new URL(fake.url)
    const sdk = new Stripe(STRIPE_KEY, { httpClient: Stripe.createFetchHttpClient(), host: hostname, port, protocol: 'http' })
    for (let i = 0; i < 105; i++) await sdk.invoices.create({ customer, collection_method: 'send_invoice', days_until_due: 14 })
    expect(await stripe.createInvoice(registration, customer)).toBe(mine)
    expect(fake.requests.filter((request) => request.operation === 'invoices.list').length).toBeGreaterThanOrEqual(3)
  })

  it('reads the invoice before finalizing and sending, on a first attempt too: an open one is not finalized again', async () => {
    const stripe = invoicing()
    const { invoice } = await invoiceFor(stripe)
    await stripe.finalize(registration, invoice)
    await stripe.finalize({ ...registration, attempts: 1 }, invoice)
    expect(fake.requests.filter((request) => request.operation === 'invoices.finalize')).toHaveLength(1)
    await stripe.send(registration, invoice)
    expect(fake.invoicesFor(registration.id)[0]).toMatchObject({ status: 'open', sends: 1 })
    expect(fake.requests.filter((request) => request.operation === 'invoices.retrieve')).toHaveLength(3)
  })

  it('refuses to send a draft, naming the invoice', async () => {
    const { invoice } = await invoiceFor(invoicing())
    expect(await failureOf(invoicing().send(registration, invoice))).toMatchObject({
      reason: 'refused',
      detail: expect.stringContaining(`invoice ${invoice} is draft, not open`),
    })
    expect(fake.requests.filter((request) => request.operation === 'invoices.send')).toHaveLength(0)
  })
})

describe('servicePeriod', () => {
  it('starts 28 days after the registration day (due 14 days before it) and runs 12 or 6 months, its last day included', () => {
    const registered = { createdAt: new Date('2026-11-25T22:30:00Z') }
    expect(servicePeriod({ ...registered, billingCycle: 'quarterly' })).toEqual({
      start: new Date('2026-12-23T12:00:00Z'),
      end: new Date('2027-12-22T12:00:00Z'),
    })
    expect(servicePeriodText({ ...registered, billingCycle: 'biannually' })).toBe('23 December 2026 to 22 June 2027')
    // 31 August + 6 months: February has no 31st, so the next period starts on its last day.
    expect(servicePeriodText({ createdAt: new Date('2027-08-03T01:00:00Z'), billingCycle: 'biannually' })).toBe(
      '31 August 2027 to 28 February 2028',
    )
  })
})
