import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFakeStripe, STRIPE_KEY, type FakeStripe } from '../support/fake-stripe.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registerConfirmed, runFollowup } from '../support/enterprise-followup'
import { registrationFigures } from '../../supabase/functions/_shared/enterprise/registration.ts'
import { followupEnv, loopbackPassesThrough } from './support'

// The invoice steps of enterprise-followup under Deno on a real PostgreSQL, with the `stripe` SDK
// talking to the fake Stripe (which honours Idempotency-Key as Stripe does).
const GROWTH_ANNUAL_CENTS = 2_950 * 12 * 100

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let stripe: FakeStripe
let followup: DenoFunction
let withoutStripe: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels, stripe] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts(), startFakeStripe()])
  const env = { ...followupEnv(pg.url, board.url, channels, 3), STRIPE_API_URL: stripe.url }
  ;[followup, withoutStripe] = await Promise.all([
    startFunction('enterprise-followup', { ...env, STRIPE_SECRET_KEY: STRIPE_KEY }),
    startFunction('enterprise-followup', env),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([followup?.stop(), withoutStripe?.stop()])
  await Promise.all([board?.close(), channels?.close(), stripe?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate enterprise_registrations, enterprise_registration_days, enterprise_confirm_requests`
  await pg.sql`update enterprise_registration_settings set daily_cap = 50, cap_summary_sent_at = null`
  channels.clear()
  stripe.clear()
})

const run = () => runFollowup(followup.url)
// Only a registration whose address is confirmed is invoiced (enterprise-confirm.test.ts).
const register = () => registerConfirmed(pg.sql)
const salesAlerts = () => channels.webhook.filter((message) => message.text.includes('New enterprise registration'))
const calls = (operation: string) => stripe.requests.filter((request) => request.operation === operation)

const invoiceColumns = async (id: string) =>
  (
    await pg.sql<Record<string, unknown>[]>`
      select status, stripe_customer_id, stripe_invoice_id, invoice_item_id, invoice_finalized_at, invoice_sent_at
      from enterprise_registrations where id = ${id}`
  )[0]

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
    expect(stripe.customersFor(id)[0]).toMatchObject({
      email: 'jane@example.com',
      name: 'Jane Doe',
      metadata: { company: 'Acme & Co.', registration_id: id },
    })
    expect(invoice.description).toContain('Growth Package, Annually')
    expect(invoice.lines.data[0]).toMatchObject({ amount: GROWTH_ANNUAL_CENTS, description: 'Growth Package, Annually' })
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
    expect(await invoiceColumns(id)).toMatchObject({ status: 'pending', stripe_customer_id: expect.any(String), stripe_invoice_id: null })
    expect((await run()).body).toMatchObject({ done: 1 })
    expectOneSentInvoice(id)
    expect(calls('customers.create')).toHaveLength(1)
    expect(salesAlerts()).toHaveLength(1)
  })

  it('calls that take effect and then time out (invoice create, finalize) leave exactly one invoice, one item, sent once', async () => {
    const id = await register()
    stripe.failNext('invoices.create', 1, 'succeed-hang')
    stripe.failNext('invoices.finalize', 1, 'succeed-hang')
    expect((await run()).body).toMatchObject({ retrying: 1 })
    expect(stripe.invoicesFor(id)).toHaveLength(1)
    expect((await run()).body).toMatchObject({ retrying: 1 })
    expect((await run()).body).toMatchObject({ done: 1 })

    expectOneSentInvoice(id)
    // The retried create carried the same key and got the first invoice back.
    expect(calls('invoices.create').map((request) => request.replayed)).toEqual([false, true])
    // A retry looks the invoice up before finalizing: the lost finalize had opened it, so it is not finalized again.
    expect(calls('invoices.finalize')).toHaveLength(1)
    expect(calls('invoices.retrieve')).toHaveLength(2)
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

  it("past the daily cap: no customer and no invoice, held or released, and the released one's sales alert says so", async () => {
    await pg.sql`update enterprise_registration_settings set daily_cap = 0`
    const id = await register()
    expect((await run()).body).toMatchObject({ claimed: 0 })
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
