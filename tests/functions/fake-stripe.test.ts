import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { KEY_LIFETIME_MS, startFakeStripe, STRIPE_KEY, type FakeStripe } from '../support/fake-stripe.mjs'
import { loopbackPassesThrough } from './support'

// The fake's Idempotency-Key, through the SDK the function uses: what the invoice tests rely on.
let fake: FakeStripe
let stripe: Stripe

beforeAll(async () => {
  fake = await startFakeStripe()
  const { hostname, port } = new URL(fake.url)
  stripe = new Stripe(STRIPE_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    host: hostname,
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
})

afterAll(() => fake?.close())

beforeEach(() => {
  loopbackPassesThrough()
  fake.clear()
})

describe('fake Stripe', () => {
  it('replays the first answer for the same key and parameters, and creates nothing more', async () => {
    const first = await stripe.customers.create({ email: 'a@example.com', metadata: { registration_id: 'r1' } }, { idempotencyKey: 'k1' })
    const again = await stripe.customers.create({ metadata: { registration_id: 'r1' }, email: 'a@example.com' }, { idempotencyKey: 'k1' })
    expect(again.id).toBe(first.id)
    expect(fake.requests.map((request) => request.replayed)).toEqual([false, true])
    expect(fake.customers.size).toBe(1)
  })

  it('refuses the same key with other parameters (idempotency_error) and changes nothing', async () => {
    await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k2' })
    const error = await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'k2' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' })
    expect(fake.customers.size).toBe(1)
  })

  it('refuses a wrong key with 401, and a 500 before the endpoint runs keeps nothing under the key', async () => {
    const { hostname, port } = new URL(fake.url)
    const wrong = new Stripe('sk_test_wrong', { httpClient: Stripe.createFetchHttpClient(), host: hostname, port, protocol: 'http' })
    await expect(wrong.customers.list({ email: 'a@example.com' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError)

    fake.failNext('customers.create')
    await expect(stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k3' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAPIError,
    )
    const created = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k3' })
    expect(created.email).toBe('a@example.com')
    expect(fake.requests.filter((request) => request.replayed)).toEqual([])
    expect(fake.customers.size).toBe(1)
  })

  it('forgets a key once it is 24 hours old: the same request then creates again, as Stripe does', async () => {
    const first = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k4' })
    fake.advanceClock(KEY_LIFETIME_MS - 60_000)
    expect((await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k4' })).id).toBe(first.id)
    fake.advanceClock(60_000)
    const later = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k4' })
    expect(later.id).not.toBe(first.id)
    expect(later.created - first.created).toBeGreaterThanOrEqual(KEY_LIFETIME_MS / 1000)
    expect(fake.customers.size).toBe(2)
  })

  it('refuses a parameter the real API does not take, keeping nothing under the key', async () => {
    const error = await stripe.customers
      .create({ email: 'a@example.com', company: 'Acme' } as never, { idempotencyKey: 'k5' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(error).toMatchObject({ statusCode: 400, message: 'Received unknown parameter: company', param: 'company' })
    const nested = await stripe.customers
      .create({ email: 'a@example.com', invoice_settings: { custom_fields: [{ name: 'Contact', value: 'Jo', label: 'x' }] } } as never)
      .catch((e: unknown) => e)
    expect(nested).toMatchObject({ message: 'Received unknown parameter: invoice_settings[custom_fields][0][label]' })
    expect(fake.customers.size).toBe(0)
    expect((await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'k5' })).email).toBe('a@example.com')
  })

  it("takes the invoice's nested parameters and lists newest first, page by page", async () => {
    const customer = await stripe.customers.create({
      name: 'Acme & Co.',
      address: { line1: '78 Harbour Street, Sydney NSW, Australia' },
      invoice_settings: { custom_fields: [{ name: 'Contact', value: 'Jane Doe' }] },
    })
    const rate = fake.addTaxRate()
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const invoice = await stripe.invoices.create({ customer: customer.id, collection_method: 'send_invoice', days_until_due: 14 })
      ids.push(invoice.id)
      await stripe.invoiceItems.create({
        customer: customer.id,
        invoice: invoice.id,
        amount: 1_000,
        currency: 'usd',
        period: { start: 1_800_000_000, end: 1_830_000_000 },
        tax_rates: [rate.id],
        metadata: { n: String(i) },
      })
    }
    const listed: string[] = []
    for await (const invoice of stripe.invoices.list({ customer: customer.id, limit: 2 })) listed.push(invoice.id)
    expect(listed).toEqual([...ids].reverse())
    expect(fake.requests.filter((request) => request.operation === 'invoices.list')).toHaveLength(2)

    const [line] = (await stripe.invoices.listLineItems(ids[0]!)).data
    expect(line).toMatchObject({
      amount: 1_000,
      metadata: { n: '0' },
      period: { start: 1_800_000_000, end: 1_830_000_000 },
      parent: { invoice_item_details: { invoice_item: expect.stringMatching(/^ii_/) } },
      taxes: [{ amount: 100, tax_behavior: 'exclusive', tax_rate_details: { tax_rate: rate.id } }],
    })
    expect(await stripe.invoices.retrieve(ids[0]!)).toMatchObject({
      customer_name: 'Acme & Co.',
      custom_fields: [{ name: 'Contact', value: 'Jane Doe' }],
      subtotal: 1_000,
      amount_due: 1_100,
    })
    await expect(
      stripe.invoiceItems.create({ customer: customer.id, invoice: ids[0]!, amount: 1, tax_rates: ['txr_missing'] }),
    ).rejects.toMatchObject({ statusCode: 404 })
  })

  it('an invoice paid by a PaymentIntent is found by it, as the invoice payments list finds it since basil; a tax rate is read by id', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com' })
    const invoice = await stripe.invoices.create({ customer: customer.id, collection_method: 'send_invoice', days_until_due: 14 })
    await stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: 5_000, currency: 'usd' })
    expect(() => fake.payInvoice(invoice.id)).toThrow(/not open/)
    await stripe.invoices.finalizeInvoice(invoice.id)
    const paid = fake.payInvoice(invoice.id)
    expect(paid).toMatchObject({ paymentIntent: expect.stringMatching(/^pi_/), charge: expect.stringMatching(/^ch_/), amount: 5_000 })
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amount_paid: 5_000 })

    const found = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paid.paymentIntent } })
    expect(found.data).toEqual([
      expect.objectContaining({
        object: 'invoice_payment',
        invoice: invoice.id,
        payment: { type: 'payment_intent', payment_intent: paid.paymentIntent },
      }),
    ])
    expect((await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: 'pi_other' } })).data).toEqual([])

    const rate = fake.addTaxRate({ id: 'txr_gst' })
    expect(await stripe.taxRates.retrieve('txr_gst')).toMatchObject({ id: rate.id, percentage: 10, inclusive: false, display_name: 'GST' })
    await expect(stripe.taxRates.retrieve('txr_missing')).rejects.toMatchObject({ statusCode: 404 })
  })
})
