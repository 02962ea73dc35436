import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, RESEND_KEY, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { validRegistration } from '../support/enterprise-row'
import { registrationFigures } from '../../supabase/functions/_shared/enterprise/registration.ts'
import { invoiceAmountCents } from '../../supabase/functions/_shared/enterprise/invoicing.ts'
import { createStripeWebhookHandler } from '../../supabase/functions/stripe-webhook/handler.ts'
import { loopbackPassesThrough, recordingLogger, notifyEnv } from './support'
import { deliver as deliverTo, sign, WEBHOOK_SECRET } from '../support/stripe-events'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// stripe-webhook (records) and webhook-events (acts) under Deno on a real PostgreSQL, with the fake alert channels. Signatures are made
// by the SDK's own `webhooks.generateTestHeaderString` (Node build, HMAC-SHA256 `t=…,v1=…`), so the
// test signs exactly as Stripe documents and the function verifies with the SDK's Deno build.
const SECRET = WEBHOOK_SECRET
const WORKER_SECRET = 'webhook-events-test-secret'
const PAID_AT = Date.parse('2026-11-30T01:00:00.000Z') / 1000

let pg: PgCluster
let channels: FakeAlerts
let webhook: DenoFunction
let worker: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, channels] = await Promise.all([startPgCluster(), startFakeAlerts()])
  const alertEnv = {
    SUPABASE_DB_URL: pg.url,
    ALERT_WEBHOOK_URL: channels.webhookUrl,
    RESEND_API_URL: channels.resendUrl,
    RESEND_API_KEY: RESEND_KEY,
    ALERT_EMAIL_TO: 'sales@agency.test',
    ALERT_EMAIL_FROM: 'alerts@agency.test',
    AGENCY_TIME_ZONE: 'Australia/Sydney',
    ...notifyEnv,
    NOTIFY_MAX_ATTEMPTS: '3',
  }
  ;[webhook, worker] = await Promise.all([
    startFunction('stripe-webhook', { SUPABASE_DB_URL: pg.url, STRIPE_WEBHOOK_SECRET: SECRET }),
    startFunction('webhook-events', {
      ...alertEnv,
      CRON_SECRET: WORKER_SECRET,
      // Longer than a run takes, so a retried event waits for the next run (work() waits this long).
      PAYMENTS_BACKOFF_BASE_MS: '300',
      PAYMENTS_BACKOFF_MAX_MS: '300',
      PAYMENTS_MAX_ATTEMPTS: '3',
    }),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([webhook?.stop(), worker?.stop()])
  await channels?.close()
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate enterprise_registrations, enterprise_registration_days, stripe_webhook_events, notifications`
  channels.breakChannel('webhook', false)
  channels.breakChannel('email', false)
  channels.slowWebhook(0)
  channels.clear()
})

// Growth Package, Annually: $2,950 a month × 12.
const PERIOD_TOTAL = invoiceAmountCents({ plan: validRegistration.selected_plan, billingCycle: validRegistration.billing_cycle })

/** A registration whose follow-through sent it the Stripe invoice `invoiceId`. */
async function register(invoiceId: string | null = 'in_test_1'): Promise<string> {
  const [row] = await pg.sql<{ id: string }[]>`
    insert into enterprise_registrations ${pg.sql({ ...validRegistration, submission_id: crypto.randomUUID() } as never)}
    returning id`
  await pg.sql`update enterprise_registrations set stripe_invoice_id = ${invoiceId} where id = ${row!.id}`
  return row!.id
}

type EventOptions = {
  id?: string
  type?: string
  registrationId?: string | null
  invoiceId?: string
  amountPaid?: number
  currency?: string
  /** With a tax rate on the line: the invoice's total and its total before tax. */
  tax?: { total: number; totalExcludingTax: number }
}
function stripeEvent({
  id = `evt_${crypto.randomUUID()}`,
  type = 'invoice.paid',
  registrationId,
  invoiceId = 'in_test_1',
  amountPaid = PERIOD_TOTAL,
  currency = 'usd',
  tax,
}: EventOptions) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: PAID_AT + 5,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: invoiceId,
        object: 'invoice',
        number: 'ACME-0001',
        amount_paid: amountPaid,
        ...(tax ? { total: tax.total, total_excluding_tax: tax.totalExcludingTax } : {}),
        currency,
        status: 'paid',
        status_transitions: { finalized_at: PAID_AT - 86_400, paid_at: PAID_AT },
        metadata: registrationId ? { registration_id: registrationId } : {},
      },
    },
  })
}

const deliver = (body: string, signature: string | null = sign(body)) => deliverTo(webhook.url, body, signature)

/** One run of the worker; its payments' tally. */
async function work(): Promise<Record<string, number>> {
  await new Promise((resolve) => setTimeout(resolve, 350))
  const res = await fetchWithin(worker.url, {
    method: 'POST',
    headers: { 'x-redeliver-secret': WORKER_SECRET },
    within: 15_000,
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { payments: Record<string, number> }).payments
}

/** What the worker made of an event: its verdict and where it stands. */
const eventOf = async (body: string) =>
  (
    await pg.sql<{ outcome: string | null; status: string; attempts: number }[]>`
      select outcome, status, attempts from stripe_webhook_events where event_id = ${(JSON.parse(body) as { id: string }).id}`
  )[0]

/** Delivered, then worked: the webhook's answer and the event's verdict. */
async function settle(body: string) {
  const answer = await deliver(body)
  await work()
  return { status: answer.status, outcome: (await eventOf(body))?.outcome }
}

/** The notifications outbox's rows of one message: one per channel. */
const alertsOf = (key: string) =>
  pg.sql<{ channel: string; status: string }[]>`
    select channel, status from notifications where message_key = ${key} order by channel`.then((rows) => rows.map((row) => ({ ...row })))

const paidAlerts = () => channels.webhook.filter((message) => message.text.startsWith('Paid: activate'))
const paidEmails = () => channels.emails.filter((email) => email.subject.startsWith('Paid: activate'))
const paymentOf = async (id: string) =>
  (
    await pg.sql<{ paid_at: Date | null; paid_invoice_id: string | null }[]>`
    select paid_at, paid_invoice_id from enterprise_registrations where id = ${id}`
  )[0]
const handledEvents = async () =>
  (await pg.sql<{ event_id: string }[]>`select event_id from stripe_webhook_events`).map((row) => row.event_id)

describe('stripe-webhook and webhook-events (deno, PostgreSQL, fake alert channels)', () => {
  it("a signed invoice.paid is recorded and answered at once; the worker sends one 'Paid: activate' alert; the same event again changes nothing", async () => {
    const id = await register()
    const body = stripeEvent({ id: 'evt_paid_1', registrationId: id })
    expect(await deliver(body)).toEqual({ status: 202, body: { recorded: true } })
    // Nothing is sent by the webhook itself.
    expect(channels.webhook).toHaveLength(0)
    expect(await paymentOf(id)).toEqual({ paid_at: null, paid_invoice_id: null })
    expect(await work()).toMatchObject({ claimed: 1, done: 1 })
    expect(await eventOf(body)).toEqual({ outcome: 'paid', status: 'done', attempts: 1 })

    expect(paidAlerts()).toHaveLength(1)
    const lines = paidAlerts()[0]!.text.split('\n')
    // The chat webhook gets the registrant's words inert (`&` escaped, the address no link); the e-mail as typed.
    expect(lines[0]).toBe("Paid: activate Acme &amp; Co.'s account")
    expect(lines).toContain('Plan: Growth Package, Annually, US$2,950 a month, US$35,400 per year')
    expect(lines).toContain('Contact: Jane Doe, <tel:+61422470721|0422 470 721>, <mailto:jane@example.com|jane@example.com>')
    expect(lines).toContain(`Registration id: ${id}`)
    // The invoice number as a tap to the test-mode invoice in Stripe's dashboard.
    expect(lines).toContain(
      'Invoice <https://dashboard.stripe.com/test/invoices/in_test_1|ACME-0001>: US$35,400 paid Mon 30 Nov 2026, 12:00 pm AEDT',
    )
    // The e-mail carries a key, so a retry after a lost answer sends nothing twice.
    expect(paidEmails()).toEqual([
      expect.objectContaining({
        subject: "Paid: activate Acme & Co.'s account",
        to: ['sales@agency.test'],
        idempotencyKey: 'paid:in_test_1',
      }),
    ])
    expect(await paymentOf(id)).toEqual({ paid_at: new Date(PAID_AT * 1000), paid_invoice_id: 'in_test_1' })
    expect(await handledEvents()).toEqual(['evt_paid_1'])
    expect(await registrationFigures(pg.sql)).toMatchObject({ paid: 1 })

    expect(await deliver(body)).toEqual({ status: 200, body: { duplicate: true } })
    // A fresh signature on the same event (Stripe signs each delivery anew): still the same event id.
    expect((await deliver(body, sign(body))).body).toEqual({ duplicate: true })
    expect(await work()).toMatchObject({ claimed: 0 })
    expect(paidAlerts()).toHaveLength(1)
    expect(paidEmails()).toHaveLength(1)
  }, 30_000)

  it('a second event id for the same paid invoice sends no second alert', async () => {
    const id = await register()
    expect(await settle(stripeEvent({ registrationId: id }))).toEqual({ status: 202, outcome: 'paid' })
    expect(await settle(stripeEvent({ registrationId: id }))).toEqual({ status: 202, outcome: 'already-paid' })
    expect(paidAlerts()).toHaveLength(1)
  }, 30_000)

  it('deliveries at the same moment, of one event and of another event for the same invoice, worked by two runs at once, alert once', async () => {
    const id = await register()
    const body = stripeEvent({ registrationId: id })
    const answers = await Promise.all([deliver(body), deliver(body), deliver(body), deliver(stripeEvent({ registrationId: id }))])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 202, 202])
    // The first to take the registration is still sending its alert while the other run works the other event.
    channels.slowWebhook(400)
    await Promise.all([work(), work()])
    expect(paidAlerts()).toHaveLength(1)
    expect(paidEmails()).toHaveLength(1)
  }, 30_000)

  it.each([
    [
      'another invoice naming the registration',
      { invoiceId: 'in_attacker_1', amountPaid: 1 },
      'Invoice in_attacker_1 is not its invoice (in_test_1)',
    ],
    ['its own invoice, but 1 cent paid', { amountPaid: 1 }, 'Paid US$0.01; expected US$35,400.00'],
    ['its own invoice, paid in another currency', { currency: 'eur' }, 'Paid €35,400.00; expected US$35,400.00'],
  ])(
    '%s: alerts the mismatch once and activates nothing',
    async (_case, event, mismatch) => {
      const id = await register()
      const body = stripeEvent({ registrationId: id, ...event })
      expect(await settle(body)).toEqual({ status: 202, outcome: 'mismatch' })
      expect((await deliver(body)).body).toEqual({ duplicate: true })
      await work()

      expect(paidAlerts()).toHaveLength(0)
      const alerts = channels.webhook.filter((message) => message.text.startsWith('Payment not matched'))
      expect(alerts).toHaveLength(1)
      const lines = alerts[0]!.text.split('\n')
      expect(lines[0]).toBe('Payment not matched: Acme &amp; Co. (do not activate)')
      expect(lines).toContain(mismatch)
      expect(lines).toContain(`Registration id: ${id}`)
      expect(await paymentOf(id)).toEqual({ paid_at: null, paid_invoice_id: null })
      expect(await registrationFigures(pg.sql)).toMatchObject({ paid: 0 })
    },
    30_000,
  )

  it('with GST on the line, the whole invoice paid activates; the period total paid without its tax does not', async () => {
    const gst = { total: Math.round(PERIOD_TOTAL * 1.1), totalExcludingTax: PERIOD_TOTAL }
    const short = await register('in_test_1')
    expect((await settle(stripeEvent({ registrationId: short, amountPaid: PERIOD_TOTAL, tax: gst }))).outcome).toBe('mismatch')
    expect(await paymentOf(short)).toEqual({ paid_at: null, paid_invoice_id: null })
    await pg.sql`update enterprise_registrations set stripe_invoice_id = null where id = ${short}`
    const paid = await register('in_test_1')
    expect((await settle(stripeEvent({ registrationId: paid, amountPaid: gst.total, tax: gst }))).outcome).toBe('paid')
    expect(await paymentOf(paid)).toMatchObject({ paid_invoice_id: 'in_test_1' })
  }, 30_000)

  it('a paid invoice for a registration with no invoice of its own yet activates nothing', async () => {
    const id = await register(null)
    expect((await settle(stripeEvent({ registrationId: id }))).outcome).toBe('mismatch')
    expect(
      channels.webhook.map((message) => message.text.split('\n')).find((lines) => lines[0]!.startsWith('Payment not matched')),
    ).toContain('Invoice in_test_1 is not its invoice (it has none)')
    expect(await paymentOf(id)).toEqual({ paid_at: null, paid_invoice_id: null })
  }, 30_000)

  it('a forged, tampered or missing signature gets 400 and changes nothing', async () => {
    const id = await register()
    const body = stripeEvent({ registrationId: id })
    expect((await deliver(body, sign(body, 'whsec_not_the_secret'))).status).toBe(400)
    expect((await deliver(body.replace('in_test_1', 'in_test_2'), sign(body))).status).toBe(400)
    expect((await deliver(body, 't=1,v1=00')).status).toBe(400)
    expect(await deliver(body, null)).toEqual({ status: 400, body: { error: 'Missing Stripe-Signature' } })
    expect(await work()).toMatchObject({ claimed: 0 })
    expect(paidAlerts()).toHaveLength(0)
    expect(channels.emails).toHaveLength(0)
    expect(await paymentOf(id)).toEqual({ paid_at: null, paid_invoice_id: null })
    expect(await handledEvents()).toEqual([])
  }, 30_000)

  it('other event types, and invoices of no registration, are acknowledged and ignored', async () => {
    const id = await register()
    expect(await deliver(stripeEvent({ type: 'invoice.finalized', registrationId: id }))).toEqual({
      status: 200,
      body: { ignored: 'invoice.finalized' },
    })
    expect((await deliver(stripeEvent({ registrationId: null }))).status).toBe(200)
    expect((await deliver(stripeEvent({ registrationId: 'not-a-uuid' }))).status).toBe(200)
    expect(await settle(stripeEvent({ registrationId: crypto.randomUUID() }))).toEqual({ status: 202, outcome: 'unknown-registration' })
    expect(paidAlerts()).toHaveLength(0)
    expect(channels.emails).toHaveLength(0)
    expect(await paymentOf(id)).toEqual({ paid_at: null, paid_invoice_id: null })
  }, 30_000)

  it('when no channel takes the alert, the payment is recorded with its alert queued, and the alert retried with backoff: it goes out once', async () => {
    const id = await register()
    const body = stripeEvent({ id: 'evt_paid_retry', registrationId: id })
    channels.breakChannel('webhook')
    channels.breakChannel('email')
    expect(await settle(body)).toEqual({ status: 202, outcome: 'paid' })
    // The verdict and its alert are one transaction: the event is done, the alert waits in the notifications outbox.
    expect(await eventOf(body)).toEqual({ outcome: 'paid', status: 'done', attempts: 1 })
    expect(await alertsOf('paid:in_test_1')).toEqual([
      { channel: 'email', status: 'pending' },
      { channel: 'webhook', status: 'pending' },
    ])
    expect((await paymentOf(id))?.paid_invoice_id).toBe('in_test_1')
    expect(paidAlerts()).toHaveLength(0)

    channels.breakChannel('webhook', false)
    channels.breakChannel('email', false)
    expect(await work()).toMatchObject({ claimed: 0 })
    expect(await work()).toMatchObject({ claimed: 0 })
    expect(paidAlerts()).toHaveLength(1)
    expect(paidEmails()).toHaveLength(1)
  }, 30_000)

  it('an alert no channel takes fails after its attempts, and is not sent again', async () => {
    const id = await register()
    const body = stripeEvent({ registrationId: id })
    channels.breakChannel('webhook')
    channels.breakChannel('email')
    await settle(body)
    await work()
    await work()
    expect(await eventOf(body)).toEqual({ outcome: 'paid', status: 'done', attempts: 1 })
    expect(await alertsOf('paid:in_test_1')).toEqual([
      { channel: 'email', status: 'failed' },
      { channel: 'webhook', status: 'failed' },
    ])
    channels.breakChannel('webhook', false)
    await work()
    expect(paidAlerts()).toHaveLength(0)
  }, 30_000)

  it('one channel taking the alert is enough: the payment is recorded and not alerted again', async () => {
    const id = await register()
    channels.breakChannel('email')
    expect((await settle(stripeEvent({ registrationId: id }))).outcome).toBe('paid')
    expect(paidAlerts()).toHaveLength(1)
    expect((await settle(stripeEvent({ registrationId: id }))).outcome).toBe('already-paid')
    expect(paidAlerts()).toHaveLength(1)
  }, 30_000)

  it('answers GET with 405', async () => {
    expect((await fetchWithin(webhook.url, { within: 5_000 })).status).toBe(405)
  })
})

describe('stripe-webhook handler without its settings', () => {
  const post = (handler: (req: Request) => Promise<Response>, body: string) =>
    handler(
      new Request('https://project.test/functions/v1/stripe-webhook', {
        method: 'POST',
        body,
        headers: { 'stripe-signature': sign(body) },
      }),
    )

  it('answers 503 to everything without STRIPE_WEBHOOK_SECRET', async () => {
    const logger = recordingLogger()
    const handler = createStripeWebhookHandler({ secret: undefined, payments: undefined, logger })
    expect((await post(handler, stripeEvent({ registrationId: crypto.randomUUID() }))).status).toBe(503)
    expect(logger.records.map((record) => record.level)).toEqual(['error'])
  })

  it('answers 503 to a payment it cannot record (no database), so Stripe sends it again', async () => {
    const handler = createStripeWebhookHandler({ secret: SECRET, payments: undefined, logger: recordingLogger() })
    expect((await post(handler, stripeEvent({ registrationId: crypto.randomUUID() }))).status).toBe(503)
    expect((await post(handler, stripeEvent({ type: 'customer.created' }))).status).toBe(200)
  })
})
