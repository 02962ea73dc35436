import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { KEY_LIFETIME_MS, startFakeStripe, STRIPE_KEY, type FakeStripe, type StripeOperation } from '../support/fake-stripe.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registerConfirmed, runFollowup } from '../support/enterprise-followup'
import { registrationFigures } from '../../supabase/functions/_shared/enterprise/registration.ts'
import { followupEnv, loopbackPassesThrough } from './support'

// The invoice steps of enterprise-followup under Deno on a real PostgreSQL, with the `stripe` SDK
// talking to the fake Stripe (which honours Idempotency-Key as Stripe does).
const GROWTH_ANNUAL_CENTS = 2_950 * 12 * 100
const FOOTER = 'Tax invoice. Agency Pty Ltd, 1 George Street, Sydney NSW 2000. Net 14.'
const GST_RATE_ID = 'txr_gst_au'

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let stripe: FakeStripe
let followup: DenoFunction
let withoutStripe: DenoFunction
let withSettings: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels, stripe] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts(), startFakeStripe()])
  const env = { ...followupEnv(pg.url, board.url, channels, 3), STRIPE_API_URL: stripe.url }
  ;[followup, withoutStripe, withSettings] = await Promise.all([
    startFunction('enterprise-followup', { ...env, STRIPE_SECRET_KEY: STRIPE_KEY }),
    startFunction('enterprise-followup', env),
    startFunction('enterprise-followup', {
      ...env,
      STRIPE_SECRET_KEY: STRIPE_KEY,
      INVOICE_FOOTER: FOOTER,
      BUSINESS_NUMBER: '12 345 678 901',
      STRIPE_TAX_RATE_ID: GST_RATE_ID,
    }),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([followup?.stop(), withoutStripe?.stop(), withSettings?.stop()])
  await Promise.all([board?.close(), channels?.close(), stripe?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate enterprise_registrations, enterprise_registration_days, enterprise_confirm_requests, notifications`
  await pg.sql`update enterprise_registration_settings set daily_cap = 50`
  channels.clear()
  stripe.clear()
})

const run = () => runFollowup(followup.url)
// Only a registration whose address is confirmed is invoiced (enterprise-confirm.test.ts).
const register = () => registerConfirmed(pg.sql)
const salesAlerts = () => channels.webhook.filter((message) => message.text.includes('New enterprise registration'))
const toRegistrant = () => channels.emailRequests.filter((request) => request.to.includes('jane@example.com'))
const calls = (operation: string) => stripe.requests.filter((request) => request.operation === operation)

const invoiceColumns = async (id: string) =>
  (
    await pg.sql<Record<string, unknown>[]>`
      select status, stripe_customer_id, stripe_invoice_id, invoice_item_id, invoice_finalized_at, invoice_sent_at
      from enterprise_registrations where id = ${id}`
  )[0]

/** Runs until the registration is no longer pending: under load a run claims it again itself once its short backoff has passed. */
async function runUntilSettled(id: string) {
  for (let run = 0; run < 5 && (await invoiceColumns(id))!['status'] === 'pending'; run++) await runFollowup(followup.url)
}

/** Exactly one customer and one invoice for the registration, open, sent once, for the period total. */
function expectOneSentInvoice(id: string) {
  expect(stripe.customersFor(id)).toHaveLength(1)
  const invoices = stripe.invoicesFor(id)
  expect(invoices).toHaveLength(1)
  expect(invoices[0]).toMatchObject({
    customer: stripe.customersFor(id)[0]!.id,
    status: 'open',
    sends: 1,
    amount_due: GROWTH_ANNUAL_CENTS,
    currency: 'usd',
    days_until_due: 14,
    collection_method: 'send_invoice',
    metadata: { registration_id: id },
  })
  expect(invoices[0]!.lines.data).toHaveLength(1)
  expect(stripe.invoiceItems.size).toBe(1)
  return invoices[0]!
}

describe('enterprise-followup: the Stripe invoice (deno, PostgreSQL, fake Stripe)', () => {
  it('one registration gives one customer and one sent invoice for the period total, every call keyed; a second run adds nothing', async () => {
    const id = await register()
    expect((await run()).body).toMatchObject({ claimed: 1, done: 1 })

    const invoice = expectOneSentInvoice(id)
    // The company is billed at its address; the contact person is a custom field.
    expect(stripe.customersFor(id)[0]).toMatchObject({
      email: 'jane@example.com',
      name: 'Acme & Co.',
      address: { line1: '78 Harbour Street, Sydney NSW, Australia' },
      metadata: { company: 'Acme & Co.', contact: 'Jane Doe', registration_id: id },
    })
    // The reference the welcome e-mail quotes, on the invoice too.
    const reference = id.slice(0, 8).toUpperCase()
    expect(invoice).toMatchObject({
      customer_name: 'Acme & Co.',
      custom_fields: [
        { name: 'Reference', value: reference },
        { name: 'Contact', value: 'Jane Doe' },
      ],
      footer: null,
      metadata: { registration_id: id, reference },
    })
    expect(invoice.description).toContain('Growth Package, Annually')
    expect(invoice.lines.data[0]).toMatchObject({
      amount: GROWTH_ANNUAL_CENTS,
      description: expect.stringMatching(/^Growth Package, Annually, \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}$/),
      taxes: [],
    })
    const posts = stripe.requests.filter((request) => request.method === 'POST')
    expect(posts.map((request) => request.idempotencyKey)).toEqual(
      ['customer', 'invoice', 'invoice-item', 'finalize', 'send'].map((step) => `enterprise/${id}/${step}`),
    )
    expect(await invoiceColumns(id)).toMatchObject({
      status: 'done',
      stripe_customer_id: stripe.customersFor(id)[0]!.id,
      stripe_invoice_id: invoice.id,
      invoice_item_id: [...stripe.invoiceItems.keys()][0],
      invoice_finalized_at: expect.any(Date),
      invoice_sent_at: expect.any(Date),
    })
    expect(salesAlerts()[0]!.text).toContain('The Stripe invoice for US$35,400 goes out automatically, due in 14 days.')
    expect(salesAlerts()[0]!.text).not.toContain('by hand')
    expect(await registrationFigures(pg.sql)).toMatchObject({ pending: 0, awaitingPayment: 1, paid: 0 })

    const before = stripe.requests.length
    expect((await run()).body).toMatchObject({ claimed: 0 })
    expect(stripe.requests).toHaveLength(before)
  })

  it('Stripe failing once (500) is retried: still exactly one invoice', async () => {
    const id = await register()
    stripe.failNext('invoices.create')
    expect((await run()).body).toMatchObject({ retrying: 1 })
    await runUntilSettled(id)
    expectOneSentInvoice(id)
    expect(calls('customers.create')).toHaveLength(1)
    // The refused create made nothing; the retry found no invoice and made the one.
    expect(calls('invoices.create')).toHaveLength(2)
    expect(salesAlerts()).toHaveLength(1)
  })

  it('calls that take effect and then time out (invoice create, finalize) leave exactly one invoice, one item, sent once', async () => {
    const id = await register()
    stripe.failNext('invoices.create', 1, 'succeed-hang')
    stripe.failNext('invoices.finalize', 1, 'succeed-hang')
    expect((await run()).body).toMatchObject({ retrying: 1 })
    expect(stripe.invoicesFor(id)).toHaveLength(1)
    await runUntilSettled(id)

    expectOneSentInvoice(id)
    // The retry found the invoice among the customer's before creating one.
    expect(calls('invoices.create')).toHaveLength(1)
    expect(calls('invoices.list').length).toBeGreaterThanOrEqual(2)
    // Finalize reads the invoice first: the lost finalize had opened it, so it is not finalized again.
    expect(calls('invoices.finalize')).toHaveLength(1)
    expect(await invoiceColumns(id)).toMatchObject({ status: 'done', stripe_invoice_id: stripe.invoicesFor(id)[0]!.id })
  })

  it('a step failing past MAX_ATTEMPTS fails the registration; sent again, it goes on from the step it stopped at', async () => {
    const id = await register()
    stripe.failNext('invoices.send', 3)
    for (let attempt = 0; attempt < 3; attempt++) await run()
    expect(await invoiceColumns(id)).toMatchObject({ status: 'failed', invoice_finalized_at: expect.any(Date), invoice_sent_at: null })
    expect(channels.webhook.filter((message) => message.text.includes('Enterprise registration failed'))).toHaveLength(1)

    await pg.asRole('service_role', (tx) => tx`select retry_failed_enterprise_registrations()`)
    expect((await run()).body).toMatchObject({ done: 1 })
    expectOneSentInvoice(id)
    for (const operation of ['customers.create', 'invoices.create', 'invoiceitems.create', 'invoices.finalize'])
      expect(calls(operation)).toHaveLength(1)
  })

  it.each<StripeOperation>(['customers.create', 'invoices.create', 'invoiceitems.create', 'invoices.finalize'])(
    '%s taken and its answer lost on the last attempt: sent again a week later (its key long pruned), still one invoice with one line',
    async (operation) => {
      const id = await register()
      stripe.failNext(operation, 2, 'http-500')
      stripe.failNext(operation, 1, 'succeed-hang')
      for (let attempt = 0; attempt < 3; attempt++) await run()
      expect(await invoiceColumns(id)).toMatchObject({ status: 'failed', invoice_sent_at: null })

      stripe.advanceClock(7 * KEY_LIFETIME_MS)
      const emailsBefore = toRegistrant().length
      await pg.asRole('service_role', (tx) => tx`select retry_failed_enterprise_registrations()`)
      expect((await run()).body).toMatchObject({ done: 1 })
      expectOneSentInvoice(id)
      // Its e-mail was recorded before the invoice began: the late retry asks Resend for nothing.
      expect(emailsBefore).toBeGreaterThan(0)
      expect(toRegistrant()).toHaveLength(emailsBefore)
      expect(calls(operation).filter((request) => request.replayed)).toEqual([])
      expect(await invoiceColumns(id)).toMatchObject({
        status: 'done',
        stripe_customer_id: stripe.customersFor(id)[0]!.id,
        stripe_invoice_id: stripe.invoicesFor(id)[0]!.id,
        invoice_item_id: [...stripe.invoiceItems.keys()][0],
      })
    },
  )

  it("takes the invoice's footer, ABN and GST rate from the function's settings: GST 10% added to the period total", async () => {
    stripe.addTaxRate({ id: GST_RATE_ID, displayName: 'GST', percentage: 10, inclusive: false })
    const id = await register()
    expect((await runFollowup(withSettings.url)).body).toMatchObject({ done: 1 })
    const [invoice] = stripe.invoicesFor(id)
    expect(invoice).toMatchObject({
      status: 'open',
      sends: 1,
      footer: FOOTER,
      custom_fields: [
        { name: 'Reference', value: id.slice(0, 8).toUpperCase() },
        { name: 'Contact', value: 'Jane Doe' },
        { name: 'ABN', value: '12 345 678 901' },
      ],
      subtotal: GROWTH_ANNUAL_CENTS,
      amount_due: GROWTH_ANNUAL_CENTS + GROWTH_ANNUAL_CENTS / 10,
    })
    expect(invoice!.lines.data[0]!.taxes).toEqual([
      expect.objectContaining({ amount: GROWTH_ANNUAL_CENTS / 10, tax_behavior: 'exclusive' }),
    ])
  })

  it("past the daily cap: no customer and no invoice, held or released, and the released one's sales alert says so", async () => {
    await pg.sql`update enterprise_registration_settings set daily_cap = 0`
    const id = await register()
    expect((await run()).body).toMatchObject({ claimed: 1, held: 1 })
    expect(await invoiceColumns(id)).toMatchObject({ status: 'held' })
    await pg.sql`select release_enterprise_registration(${id})`
    expect((await run()).body).toMatchObject({ done: 1 })
    expect(stripe.requests).toHaveLength(0)
    expect(stripe.customers.size + stripe.invoices.size).toBe(0)
    expect(salesAlerts()).toHaveLength(1)
    expect(salesAlerts()[0]!.text).toContain('no confirmation e-mail or invoice was sent')
    expect(await invoiceColumns(id)).toMatchObject({ status: 'done', stripe_customer_id: null, stripe_invoice_id: null })
  })

  it('anon can neither write nor read the invoice columns', async () => {
    const rows = await pg.sql<{ column: string; granted: boolean }[]>`
      select c as column, has_column_privilege('anon', 'public.enterprise_registrations', c, 'SELECT, INSERT, UPDATE') as granted
      from unnest(array['stripe_customer_id', 'stripe_invoice_id', 'invoice_item_id', 'invoice_finalized_at', 'invoice_sent_at']) as c`
    expect(rows.filter((row) => row.granted)).toEqual([])
    expect(rows).toHaveLength(5)
  })

  it('without STRIPE_SECRET_KEY: no Stripe call, and the sales alert asks for the invoice by hand', async () => {
    const id = await register()
    expect((await runFollowup(withoutStripe.url)).body).toMatchObject({ done: 1 })
    expect(stripe.requests).toHaveLength(0)
    expect(salesAlerts()).toHaveLength(1)
    expect(salesAlerts()[0]!.text).toContain('create the invoice by hand')
    expect(await invoiceColumns(id)).toMatchObject({ status: 'done', stripe_invoice_id: null })
  })
})
