import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, RESEND_KEY, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFakeStripe, STRIPE_KEY, type FakeStripe } from '../support/fake-stripe.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { validRegistration } from '../support/enterprise-row'
import * as events from '../support/stripe-events'
import { registrationFigures } from '../../supabase/functions/_shared/enterprise/registration.ts'
import { invoiceAmountCents } from '../../supabase/functions/_shared/enterprise/invoicing.ts'
import { loopbackPassesThrough, notifyEnv } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Money that comes back (issue 42 point 4), as the outsider sent it: after a payment, each Stripe
// event by which money goes back, through stripe-webhook (records) and webhook-events (acts) under
// Deno on a real PostgreSQL, with the fake Stripe (the invoice, its payment, the invoice payments
// look-up since basil), the fake board, and fake sales and ops channels.
const WORKER_SECRET = 'webhook-events-test-secret'
const PERIOD_TOTAL = invoiceAmountCents({ plan: validRegistration.selected_plan, billingCycle: validRegistration.billing_cycle })
const GST_RATE_ID = 'txr_gst_au'

let pg: PgCluster
let sales: FakeAlerts
let ops: FakeAlerts
let board: FakeBoard
let stripe: FakeStripe
let sdk: Stripe
let webhook: DenoFunction
let worker: DenoFunction
let liveWorker: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, sales, ops, board, stripe] = await Promise.all([
    startPgCluster(),
    startFakeAlerts(),
    startFakeAlerts(),
    startFakeBoard(),
    startFakeStripe(),
  ])
  const { hostname, port } = new URL(stripe.url)
  sdk = new Stripe(STRIPE_KEY, { httpClient: Stripe.createFetchHttpClient(), host: hostname, port, protocol: 'http', maxNetworkRetries: 0 })
  const workerEnv = {
    SUPABASE_DB_URL: pg.url,
    CRON_SECRET: WORKER_SECRET,
    ALERT_WEBHOOK_URL: sales.webhookUrl,
    RESEND_API_URL: sales.resendUrl,
    RESEND_API_KEY: RESEND_KEY,
    ALERT_EMAIL_TO: 'sales@agency.test',
    ALERT_EMAIL_FROM: 'alerts@agency.test',
    OPS_WEBHOOK_URL: ops.webhookUrl,
    OPS_EMAIL_TO: 'ops@agency.test',
    AGENCY_TIME_ZONE: 'Australia/Sydney',
    ...notifyEnv,
    MONDAY_API_TOKEN: 'test-token',
    MONDAY_BOARD_ID: '123',
    MONDAY_API_URL: board.url,
    PAYMENTS_BACKOFF_BASE_MS: '300',
    PAYMENTS_BACKOFF_MAX_MS: '300',
    PAYMENTS_MAX_ATTEMPTS: '3',
  }
  ;[webhook, worker, liveWorker] = await Promise.all([
    startFunction('stripe-webhook', { SUPABASE_DB_URL: pg.url, STRIPE_WEBHOOK_SECRET: events.WEBHOOK_SECRET }),
    // A test-mode deployment (the fake's key is a test key) that reads Stripe and knows the GST rate.
    startFunction('webhook-events', {
      ...workerEnv,
      APP_ENV: 'staging',
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_API_URL: stripe.url,
      STRIPE_TAX_RATE_ID: GST_RATE_ID,
    }),
    // Production: live mode, from APP_ENV alone.
    startFunction('webhook-events', { ...workerEnv, APP_ENV: 'production' }),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([webhook?.stop(), worker?.stop(), liveWorker?.stop()])
  await Promise.all([sales?.close(), ops?.close(), board?.close(), stripe?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate enterprise_registrations, enterprise_registration_days, stripe_webhook_events, notifications`
  for (const channels of [sales, ops]) {
    channels.breakChannel('webhook', false)
    channels.breakChannel('email', false)
    channels.clear()
  }
  stripe.clear()
  stripe.addTaxRate({ id: GST_RATE_ID })
})

const deliver = (body: string) => events.deliver(webhook.url, body)

/** One run of a worker; its payments' tally. */
async function work(on: DenoFunction = worker): Promise<Record<string, number>> {
  await new Promise((resolve) => setTimeout(resolve, 350))
  const res = await fetchWithin(on.url, { method: 'POST', headers: { 'x-redeliver-secret': WORKER_SECRET }, within: 15_000 })
  expect(res.status).toBe(200)
  return ((await res.json()) as { payments: Record<string, number> }).payments
}

const stateOf = async (id: string) =>
  (
    await pg.sql<{ payment_state: string | null; paid_at: Date | null }[]>`
      select payment_state, paid_at from enterprise_registrations where id = ${id}`
  )[0]
const outcomeOf = async (body: string) =>
  (await pg.sql<{ outcome: string | null }[]>`select outcome from stripe_webhook_events where event_id = ${events.eventIdOf(body)}`)[0]
    ?.outcome

/** What each audience received, by channel. */
const heard = () => ({
  sales: { chat: sales.webhook.map((m) => m.text), email: sales.emails.filter((e) => e.to.includes('sales@agency.test')) },
  ops: { chat: ops.webhook.map((m) => m.text), email: sales.emails.filter((e) => e.to.includes('ops@agency.test')) },
})
const clearChannels = () => [sales, ops].forEach((channels) => channels.clear())

type Registered = { id: string; invoiceId: string; itemId: string }

/** A registration whose follow-through made its invoice in (fake) Stripe, finalized and open, with its item on the board. */
async function registered(): Promise<Registered> {
  const [row] = await pg.sql<{ id: string }[]>`
    insert into enterprise_registrations ${pg.sql({ ...validRegistration, submission_id: crypto.randomUUID() } as never)} returning id`
  const id = row!.id
  const customer = await sdk.customers.create({ email: validRegistration.email, metadata: { registration_id: id } })
  const invoice = await sdk.invoices.create({
    customer: customer.id,
    collection_method: 'send_invoice',
    days_until_due: 14,
    metadata: { registration_id: id },
  })
  await sdk.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: PERIOD_TOTAL, currency: 'usd' })
  await sdk.invoices.finalizeInvoice(invoice.id)
  const itemId = String(Math.floor(Math.random() * 1e9))
  board.items.set(itemId, { submissionId: `reg-${id}`, name: 'Enterprise: Acme & Co.' })
  await pg.sql`
    update enterprise_registrations set stripe_invoice_id = ${invoice.id}, board_item_id = ${itemId}, invoice_sent_at = now() where id = ${id}`
  return { id, invoiceId: invoice.id, itemId }
}

const paidEvent = (r: Registered, livemode = false) =>
  events.eventBody(
    'invoice.paid',
    events.invoiceObject({ id: r.invoiceId, registrationId: r.id, total: PERIOD_TOTAL, amountPaid: PERIOD_TOTAL, status: 'paid' }),
    { livemode },
  )

/** Registered, paid in Stripe, and its invoice.paid worked: the 'activate' alert went out. */
async function paid(): Promise<Registered & { paymentIntent: string; charge: string }> {
  const r = await registered()
  const payment = stripe.payInvoice(r.invoiceId)
  expect((await deliver(paidEvent(r))).status).toBe(202)
  await work()
  expect(heard().sales.chat.filter((text) => text.startsWith('Paid: activate'))).toHaveLength(1)
  clearChannels()
  return { ...r, ...payment }
}

const DUE_BY = Math.floor(Date.parse('2026-12-15T00:00:00Z') / 1000)
type Paid = Awaited<ReturnType<typeof paid>>

const cases: [string, (p: Paid) => string, string, string][] = [
  [
    'charge.refunded (partly)',
    (p) =>
      events.eventBody(
        'charge.refunded',
        events.chargeObject({ id: p.charge, paymentIntent: p.paymentIntent, amount: PERIOD_TOTAL, amountRefunded: 166_000 }),
      ),
    'partially-refunded',
    'US$1,660.00 refunded of US$35,400.00',
  ],
  [
    'charge.dispute.created',
    (p) =>
      events.eventBody(
        'charge.dispute.created',
        events.disputeObject({
          id: 'dp_1',
          charge: p.charge,
          paymentIntent: p.paymentIntent,
          amount: PERIOD_TOTAL,
          status: 'needs_response',
          dueBy: DUE_BY,
        }),
      ),
    'disputed',
    'US$35,400.00 disputed (reason: fraudulent); answer it in Stripe by Tue 15 Dec 2026, 11:00 am AEDT',
  ],
  [
    'charge.dispute.closed (lost)',
    (p) =>
      events.eventBody(
        'charge.dispute.closed',
        events.disputeObject({ id: 'dp_2', charge: p.charge, paymentIntent: p.paymentIntent, amount: PERIOD_TOTAL, status: 'lost' }),
      ),
    'dispute-lost',
    'The dispute was lost: US$35,400.00 went back to the customer',
  ],
  [
    'invoice.voided',
    (p) =>
      events.eventBody(
        'invoice.voided',
        events.invoiceObject({ id: p.invoiceId, registrationId: p.id, total: PERIOD_TOTAL, status: 'void' }),
      ),
    'voided',
    'Invoice ACME-0001 voided: US$35,400.00 is no longer due',
  ],
  [
    'invoice.marked_uncollectible',
    (p) =>
      events.eventBody(
        'invoice.marked_uncollectible',
        events.invoiceObject({
          id: p.invoiceId,
          registrationId: p.id,
          total: PERIOD_TOTAL,
          amountRemaining: PERIOD_TOTAL,
          status: 'uncollectible',
        }),
      ),
    'uncollectible',
    'Invoice ACME-0001 marked uncollectible: US$35,400.00 written off',
  ],
  [
    'credit_note.created',
    (p) =>
      events.eventBody(
        'credit_note.created',
        events.creditNoteObject({ id: 'cn_1', invoice: p.invoiceId, total: 166_000, totalExcludingTax: 166_000 }),
      ),
    'partially-credited',
    'US$1,660.00 credited of US$35,400.00 before tax (credit note ACME-0001-CN-01)',
  ],
]

describe('money that comes back (deno, PostgreSQL, fake Stripe, board and channels)', () => {
  it.each(cases)(
    'after a payment, %s changes the state, tells sales and ops once each and notes the board; a replay sends nothing more',
    async (_type, build, state, line) => {
      const p = await paid()
      const body = build(p)
      expect(await deliver(body)).toEqual({ status: 202, body: { recorded: true } })
      expect(await work()).toMatchObject({ claimed: 1, done: 1 })
      expect(await outcomeOf(body)).toBe('money-back')
      expect(await stateOf(p.id)).toMatchObject({ payment_state: state })
      expect(await registrationFigures(pg.sql)).toMatchObject({ paid: 0, moneyBack: 1 })

      const { sales: toSales, ops: toOps } = heard()
      expect(toSales.chat).toHaveLength(1)
      expect(toOps.chat).toHaveLength(1)
      const salesLines = toSales.chat[0]!.split('\n')
      // Paid before, so the account is active: every one of these (but a partial one) says deactivate.
      expect(salesLines[0]).toMatch(/^[A-Z][a-z ]+: Acme &amp; Co\. \(deactivate the account\)$/)
      expect(salesLines[1]).toContain(line)
      expect(salesLines).toContain(`Registration id: ${p.id}`)
      expect(salesLines.at(-1)).toMatch(/^Deactivate the account/)
      expect(toOps.chat[0]).toContain('[staging]')
      expect(toOps.chat[0]).toContain(line)
      expect(toOps.chat[0]).toContain('Next step: Deactivate the account')
      const id = events.eventIdOf(body)
      expect(toSales.email.map((email) => email.idempotencyKey)).toEqual([`money-back:${id}`])
      expect(toOps.email.map((email) => email.idempotencyKey)).toEqual([`money-back-ops:${id}`])
      const notes = board.notes.filter((note) => note.itemId === p.itemId)
      expect(notes).toHaveLength(1)
      expect(notes[0]!.body).toContain(`Ref: stripe-${events.eventIdOf(body)}`)

      expect(await deliver(body)).toEqual({ status: 200, body: { duplicate: true } })
      expect(await work()).toMatchObject({ claimed: 0 })
      expect(heard().sales.chat).toHaveLength(1)
      expect(heard().ops.chat).toHaveLength(1)
      expect(board.notes.filter((note) => note.itemId === p.itemId)).toHaveLength(1)
    },
    30_000,
  )

  it('a charge names no invoice since basil: the worker asks Stripe which invoice its PaymentIntent paid; a charge of no registration tells nobody', async () => {
    const p = await paid()
    const refund = events.eventBody(
      'charge.refunded',
      events.chargeObject({ id: p.charge, paymentIntent: p.paymentIntent, amount: PERIOD_TOTAL, amountRefunded: PERIOD_TOTAL }),
    )
    await deliver(refund)
    await work()
    expect(stripe.requests.filter((request) => request.operation === 'invoicePayments.list')).toHaveLength(1)
    expect(await stateOf(p.id)).toMatchObject({ payment_state: 'refunded' })
    expect(heard().sales.chat[0]!.split('\n')[0]).toBe('Refunded in full: Acme &amp; Co. (deactivate the account)')

    // An older endpoint version still names the invoice: no look-up.
    const before = stripe.requests.length
    const other = events.eventBody(
      'charge.refunded',
      events.chargeObject({ id: 'ch_other', paymentIntent: 'pi_other', amount: 500, amountRefunded: 500, invoice: 'in_someone_else' }),
    )
    await deliver(other)
    await work()
    expect(stripe.requests.length).toBe(before)
    expect(await outcomeOf(other)).toBe('unknown-registration')
    expect(heard().sales.chat).toHaveLength(1)
  }, 30_000)

  it('before any payment, a voided invoice says do not activate', async () => {
    const r = await registered()
    await deliver(
      events.eventBody(
        'invoice.voided',
        events.invoiceObject({ id: r.invoiceId, registrationId: r.id, total: PERIOD_TOTAL, status: 'void' }),
      ),
    )
    await work()
    expect(await stateOf(r.id)).toEqual({ payment_state: 'voided', paid_at: null })
    expect(heard().sales.chat[0]!.split('\n')[0]).toBe('Invoice voided: Acme &amp; Co. (do not activate)')
    expect(heard().ops.chat[0]).toContain('Next step: Do not activate the account.')
  }, 30_000)

  it('a refund worked before its invoice.paid: the payment is kept, nothing is activated', async () => {
    const r = await registered()
    const payment = stripe.payInvoice(r.invoiceId)
    await deliver(
      events.eventBody(
        'charge.refunded',
        events.chargeObject({
          id: payment.charge,
          paymentIntent: payment.paymentIntent,
          amount: PERIOD_TOTAL,
          amountRefunded: PERIOD_TOTAL,
        }),
      ),
    )
    await work()
    expect(heard().sales.chat[0]!.split('\n')[0]).toBe('Refunded in full: Acme &amp; Co. (do not activate)')
    const late = paidEvent(r)
    await deliver(late)
    await work()
    expect(await outcomeOf(late)).toBe('superseded')
    expect(await stateOf(r.id)).toMatchObject({ payment_state: 'refunded', paid_at: expect.any(Date) })
    expect(heard().sales.chat.filter((text) => text.startsWith('Paid: activate'))).toEqual([])
  }, 30_000)

  it('an answer lost after the e-mail went out sends nothing twice: the retry carries the same key', async () => {
    const p = await paid()
    sales.breakChannel('webhook')
    sales.loseNextEmailAnswer('sales@agency.test')
    const refund = events.eventBody(
      'charge.refunded',
      events.chargeObject({ id: p.charge, paymentIntent: p.paymentIntent, amount: PERIOD_TOTAL, amountRefunded: 1_000 }),
    )
    await deliver(refund)
    // The e-mail is sent and its answer lost: sent again (by Deno's fetch on a new connection, or by the
    // next run once the chat is back) with the same key, which Resend answers without sending.
    const first = await work()
    sales.breakChannel('webhook', false)
    if (first['done'] !== 1) expect(await work()).toMatchObject({ done: 1 })
    const { sales: toSales, ops: toOps } = heard()
    expect(toSales.chat.length).toBeLessThanOrEqual(1)
    expect(toSales.email).toHaveLength(1)
    const keys = sales.emailRequests.filter((request) => request.to.includes('sales@agency.test')).map((request) => request.idempotencyKey)
    expect(keys).toEqual([`money-back:${events.eventIdOf(refund)}`, `money-back:${events.eventIdOf(refund)}`])
    // Ops had it on the first try: not sent again.
    expect(toOps.chat).toHaveLength(1)
    expect(toOps.email).toHaveLength(1)
    expect(board.notes.filter((note) => note.itemId === p.itemId)).toHaveLength(1)
  }, 30_000)
})

describe('livemode must match the deployment', () => {
  it('in production, a test-mode invoice.paid activates nothing and tells ops alone, once', async () => {
    const r = await registered()
    const body = paidEvent(r, false)
    expect((await deliver(body)).status).toBe(202)
    expect(await work(liveWorker)).toMatchObject({ claimed: 1, done: 1 })
    expect(await outcomeOf(body)).toBe('wrong-mode')
    expect(await stateOf(r.id)).toEqual({ payment_state: null, paid_at: null })
    const { sales: toSales, ops: toOps } = heard()
    expect(toSales.chat).toEqual([])
    expect(toSales.email).toEqual([])
    expect(toOps.chat).toHaveLength(1)
    expect(toOps.chat[0]!.split('\n')[0]).toBe('*[production] Stripe test-mode event ignored: this deployment takes live-mode events only*')
    expect(toOps.email.map((email) => email.idempotencyKey)).toEqual([`wrong-mode:${events.eventIdOf(body)}`])
    await deliver(body)
    await work(liveWorker)
    expect(heard().ops.chat).toHaveLength(1)

    // The same payment from live mode activates.
    const live = paidEvent(r, true)
    await deliver(live)
    await work(liveWorker)
    expect(await outcomeOf(live)).toBe('paid')
    expect(heard().sales.chat.filter((text) => text.startsWith('Paid: activate'))).toHaveLength(1)
  }, 30_000)

  it('in production, a test-mode refund changes nothing and asks Stripe nothing', async () => {
    const r = await registered()
    const payment = stripe.payInvoice(r.invoiceId)
    const refund = events.eventBody(
      'charge.refunded',
      events.chargeObject({ id: payment.charge, paymentIntent: payment.paymentIntent, amount: PERIOD_TOTAL, amountRefunded: PERIOD_TOTAL }),
    )
    await deliver(refund)
    expect(await work(liveWorker)).toMatchObject({ done: 1 })
    expect(await outcomeOf(refund)).toBe('wrong-mode')
    expect(await stateOf(r.id)).toMatchObject({ payment_state: null })
    expect(heard().sales.chat).toEqual([])
    expect(heard().ops.chat).toHaveLength(1)
  }, 30_000)
})

describe('the mismatch alert', () => {
  it('states the amount paid and the amount expected, with our own GST rate, never the lowered invoice total', async () => {
    const r = await registered()
    const body = events.eventBody(
      'invoice.paid',
      events.invoiceObject({ id: r.invoiceId, registrationId: r.id, total: 1, totalExcludingTax: 1, amountPaid: 1, status: 'paid' }),
    )
    await deliver(body)
    await work()
    expect(await outcomeOf(body)).toBe('mismatch')
    const lines = heard().sales.chat[0]!.split('\n')
    expect(lines[0]).toBe('Payment not matched: Acme &amp; Co. (do not activate)')
    expect(lines).toContain('Paid US$0.01; expected US$35,400.00 (US$38,940.00 with 10% GST)')
    expect(await stateOf(r.id)).toEqual({ payment_state: null, paid_at: null })
  }, 30_000)
})
