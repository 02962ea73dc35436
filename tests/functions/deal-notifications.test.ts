import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { register, registerConfirmed, runFollowup, FOLLOWUP_SECRET } from '../support/enterprise-followup'
import { invoiceAmountCents } from '../../supabase/functions/_shared/enterprise/invoicing.ts'
import { pgPaymentEvents } from '../../supabase/functions/_shared/enterprise/payment-events.ts'
import { validRegistration } from '../support/enterprise-row'
import { followupEnv, loopbackPassesThrough } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The deal side's staff messages through the notifications outbox (issue 43 point 1), end to end:
// enterprise-followup under Deno on a real PostgreSQL with the fake board and alert channels. Each
// of these failed on the code before: the sales alert said 'Not on the board yet'; a failure alert
// was sent once with `.catch`, so a channel down at that moment, or a worker killed before it sent,
// lost it for good.
const SALES = 'sales@agency.test'

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let followup: DenoFunction

const env = () => followupEnv(pg.url, board.url, channels, 2)

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
  followup = await startFunction('enterprise-followup', env())
}, 120_000)

afterAll(async () => {
  await followup?.stop()
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate enterprise_registrations, enterprise_registration_days, enterprise_confirm_requests, stripe_webhook_events, notifications`
  await pg.sql`update enterprise_registration_settings set daily_cap = 50`
  board.refuse(null)
  channels.breakChannel('webhook', false)
  channels.breakChannel('email', false)
  channels.failRandomly(null)
  channels.slowWebhook(0)
  channels.clear()
})

const run = (url = followup.url) => runFollowup(url)
const statusOf = async (id: string) =>
  (
    await pg.sql<{ status: string; board_item_id: string | null }[]>`
    select status, board_item_id from enterprise_registrations where id = ${id}`
  )[0]!
const failedChats = () => channels.webhook.filter((message) => message.text.includes('Enterprise registration failed'))
const failedEmails = () => channels.emails.filter((email) => email.subject.includes('Enterprise registration failed'))

describe('deal-side staff messages through the notifications outbox (deno, PostgreSQL, fakes)', () => {
  it('the new-registration alert links the board item it was queued with, on chat and on e-mail', async () => {
    const id = await registerConfirmed(pg.sql)
    expect((await run()).body).toMatchObject({ done: 1 })
    const itemId = (await statusOf(id)).board_item_id
    expect(itemId).toBeTruthy()
    const chat = channels.webhook.filter((message) => message.text.includes('New enterprise registration'))
    const email = channels.emails.filter((message) => message.subject.startsWith('New enterprise registration'))
    expect(chat).toHaveLength(1)
    expect(email).toHaveLength(1)
    for (const text of [chat[0]!.text, email[0]!.text]) {
      expect(text).toContain(`Board item ${itemId}`)
      expect(text).not.toContain('Not on the board yet')
    }
    const [queued] = await pg.sql<{ n: number }[]>`
      select count(*)::int as n from notifications where message_key = ${`sales:${id}`} and status = 'sent'`
    expect(queued!.n).toBe(2)
  })

  it('a failure alert whose chat answers 503 and whose e-mail answer is lost is still delivered: once on chat, once on e-mail', async () => {
    board.refuse('not-authenticated')
    const id = await registerConfirmed(pg.sql)
    expect((await run()).body).toMatchObject({ retrying: 1 })
    channels.breakChannel('webhook')
    channels.loseNextEmailAnswer(SALES)
    expect((await run()).body).toMatchObject({ failed: 1 })
    expect(await statusOf(id)).toMatchObject({ status: 'failed' })
    expect(failedChats()).toHaveLength(0)

    channels.breakChannel('webhook', false)
    await run()
    await run()
    expect(failedChats()).toHaveLength(1)
    expect(failedChats()[0]!.text).toContain('<mailto:jane@example.com|jane@example.com>')
    expect(failedEmails()).toHaveLength(1)
    // The lost answer was tried again under the same key, which sends nothing twice.
    const tries = channels.emailRequests.filter((request) => request.to.includes(SALES))
    expect(tries.length).toBeGreaterThanOrEqual(2)
    expect(new Set(tries.map((request) => request.idempotencyKey))).toEqual(new Set([`failed:registration:${id}`]))
    await run()
    expect(failedChats()).toHaveLength(1)
    expect(failedEmails()).toHaveLength(1)
  }, 30_000)

  it('a worker killed after it recorded the failure, before its alert went out: the next run sends the alert, once', async () => {
    board.refuse('not-authenticated')
    const id = await registerConfirmed(pg.sql)
    expect((await run()).body).toMatchObject({ retrying: 1 })
    const doomed = await startFunction('enterprise-followup', env())
    try {
      // Both channels take the call and never answer: the worker is stuck sending when it dies.
      channels.failRandomly(() => 'hang')
      const stuck = run(doomed.url).catch(() => undefined)
      const deadline = Date.now() + 10_000
      while ((await statusOf(id)).status !== 'failed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      expect((await statusOf(id)).status).toBe('failed')
      await doomed.kill()
      await stuck
    } finally {
      await doomed.stop().catch(() => undefined)
    }
    channels.failRandomly(null)
    expect(failedChats()).toHaveLength(0)
    expect(failedEmails()).toHaveLength(0)

    // Once the dead worker's claim on the message lapses (NOTIFY_LEASE_MS), the next run sends it.
    await new Promise((resolve) => setTimeout(resolve, 1_600))
    await run()
    await run()
    expect(failedChats()).toHaveLength(1)
    expect(failedEmails()).toHaveLength(1)
    expect(failedEmails()[0]).toMatchObject({ to: [SALES], idempotencyKey: `failed:registration:${id}` })
  }, 40_000)

  it('webhook-events killed after it recorded a payment verdict, before its alert went out: the next run sends it, once', async () => {
    const id = await register(pg.sql)
    await pg.sql`update enterprise_registrations set stripe_invoice_id = 'in_dies_1' where id = ${id}`
    const amount = invoiceAmountCents({ plan: validRegistration.selected_plan, billingCycle: validRegistration.billing_cycle })
    const paidAt = new Date('2026-11-30T01:00:00.000Z')
    await pgPaymentEvents(pg.sql).record({
      ...{ eventId: 'evt_dies_1', eventType: 'invoice.paid', registrationId: id, invoiceId: 'in_dies_1', paidAt },
      ...{ amountPaid: amount, currency: 'usd', invoiceNumber: 'ACME-0001', livemode: false },
    })
    const work = (url: string) => fetchWithin(url, { method: 'POST', headers: { 'x-cron-secret': FOLLOWUP_SECRET }, within: 15_000 })
    const outcome = async () => (await pg.sql<{ outcome: string | null }[]>`select outcome from stripe_webhook_events`)[0]?.outcome
    const doomed = await startFunction('webhook-events', env())
    try {
      channels.failRandomly(() => 'hang')
      const stuck = work(doomed.url).catch(() => undefined)
      const deadline = Date.now() + 10_000
      while ((await outcome()) !== 'paid' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(await outcome()).toBe('paid')
      await doomed.kill()
      await stuck
    } finally {
      await doomed.stop().catch(() => undefined)
    }
    channels.failRandomly(null)
    const paid = () => channels.webhook.filter((message) => message.text.startsWith('Paid: activate'))
    const paidEmails = () => channels.emails.filter((email) => email.subject.startsWith('Paid: activate'))
    expect(paid()).toHaveLength(0)

    // A later run (here enterprise-followup's: every Cron-called worker sends what is due) gets it out.
    await new Promise((resolve) => setTimeout(resolve, 1_600))
    await run()
    await run()
    expect(paid()).toHaveLength(1)
    expect(paid()[0]!.text).toContain(`Registration id: ${id}`)
    expect(paidEmails()).toEqual([expect.objectContaining({ to: [SALES], idempotencyKey: 'paid:in_dies_1' })])
  }, 40_000)
})
