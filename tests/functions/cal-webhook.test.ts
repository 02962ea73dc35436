import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN, submission, pipelineEnv } from './support'

// The calendar's signed webhooks under Deno, on a real PostgreSQL, with the fake board on 127.0.0.1.
const CAL_SECRET = 'cal-webhook-test-secret'
const REDELIVER_SECRET = 'bookings-redeliver-secret'

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let leads: DenoFunction
let redeliver: DenoFunction
let webhook: DenoFunction
let digest: DenoFunction

const env = (): Record<string, string> => ({
  ...pipelineEnv(pg.url, board.url),
  BACKOFF_MAX_MS: '100',
  LEADS_RATE_LIMIT: '1000/60',
  RATE_LIMIT_SALT: 'test-salt',
  REDELIVER_SECRET,
  CAL_WEBHOOK_SECRET: CAL_SECRET,
  AGENCY_TIME_ZONE: 'Australia/Sydney',
  ALERT_WEBHOOK_URL: channels.webhookUrl,
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let clients = 0
const person = (name: string, email: string) =>
  submission({
    submissionId: crypto.randomUUID(),
    lead: { locations: '2-10', name, phone: '0422470721', email, business: '1 Analytical St', note: '' },
    guard: { honeypot: '', fillMs: 12_000 },
  })
const postLead = async (body: ReturnType<typeof person>) =>
  (
    await fetch(leads.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': `10.2.0.${++clients % 250}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })
  ).json()

async function run(fn: DenoFunction = redeliver): Promise<Record<string, unknown>> {
  await sleep(150)
  // The digest as an operator sends it (`?force=1`), whatever the hour in the agency's zone.
  const res = await fetch(fn === digest ? `${fn.url}?force=1` : fn.url, {
    method: 'POST',
    headers: { 'x-redeliver-secret': REDELIVER_SECRET },
    signal: AbortSignal.timeout(15_000),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

type Event = 'BOOKING_CREATED' | 'BOOKING_RESCHEDULED' | 'BOOKING_CANCELLED'
const calBody = (
  event: Event,
  {
    uid = crypto.randomUUID(),
    submissionId,
    email = 'ada@example.com',
    name = 'Ada Lovelace',
    start = '2026-11-26T22:00:00.000Z',
  } = {} as {
    uid?: string
    submissionId?: string
    email?: string
    name?: string
    start?: string
  },
) =>
  JSON.stringify({
    triggerEvent: event,
    createdAt: new Date().toISOString(),
    payload: {
      uid,
      title: '30 min strategy call',
      startTime: start,
      endTime: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      organizer: { name: 'Grace Hopper', email: 'grace@agency.test', timeZone: 'Australia/Sydney' },
      attendees: [{ name, email, timeZone: 'Australia/Sydney' }],
      metadata: submissionId ? { submissionId } : {},
    },
  })

async function deliver(body: string, signature = createHmac('sha256', CAL_SECRET).update(body).digest('hex')) {
  const res = await fetch(webhook.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-cal-signature-256': signature } : {}) },
    body,
    signal: AbortSignal.timeout(10_000),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const updatesOn = (itemId: string | undefined) =>
  board.requests.filter((r) => r.operation === 'create_update' && r.variables.itemId === itemId).map((r) => String(r.variables.body))
const bookingUpdates = (itemId: string | undefined) => updatesOn(itemId).filter((body) => body.includes('Strategy call'))
const itemOf = async (submissionId: string) =>
  (await pg.sql<{ board_item_id: string | null }[]>`select board_item_id from leads where submission_id = ${submissionId}`)[0]
    ?.board_item_id ?? undefined
const bookingRows = () => pg.sql`select * from lead_bookings`
/** The leads function answers once the lead is recorded and delivers right after: wait for its item. */
async function deliveredItem(submissionId: string): Promise<string> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const item = await itemOf(submissionId)
    if (item) return item
    if (Date.now() > deadline) throw new Error(`lead ${submissionId} was not delivered`)
    await sleep(50)
  }
}

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
  ;[leads, redeliver, webhook, digest] = await Promise.all([
    startFunction('leads', env()),
    startFunction('leads-redeliver', env()),
    startFunction('cal-webhook', env()),
    startFunction('leads-digest', env()),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([leads?.stop(), redeliver?.stop(), webhook?.stop(), digest?.stop()])
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate leads, lead_bookings`
  channels.clear()
})

describe('cal-webhook (deno, PostgreSQL, fake board)', () => {
  it('a signed BOOKING_CREATED for a delivered lead adds one update to its item; a replay adds none and still answers 2xx', async () => {
    const lead = person('Ada Lovelace', 'ada@example.com')
    expect(await postLead(lead)).toMatchObject({ id: lead.submissionId })
    const itemId = await deliveredItem(lead.submissionId)

    const body = calBody('BOOKING_CREATED', { submissionId: lead.submissionId })
    expect(await deliver(body)).toEqual({ status: 200, body: { recorded: true, itemId } })
    expect(bookingUpdates(itemId)).toEqual(['<p>Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper</p>'])

    expect(await deliver(body)).toEqual({ status: 200, body: { duplicate: true } })
    expect(bookingUpdates(itemId)).toHaveLength(1)
    expect(await bookingRows()).toHaveLength(1)
  }, 30_000)

  it('finds the lead by the attendee e-mail when the booking carries no submission id', async () => {
    const lead = person('Katherine Johnson', 'Katherine@Example.com')
    await postLead(lead)
    const itemId = await deliveredItem(lead.submissionId)
    expect((await deliver(calBody('BOOKING_CREATED', { email: 'katherine@example.com' }))).status).toBe(200)
    expect(bookingUpdates(itemId)).toHaveLength(1)
  }, 30_000)

  it('a forged or missing signature gets 401 and changes nothing', async () => {
    const body = calBody('BOOKING_CREATED')
    const before = board.requests.length
    expect((await deliver(body, createHmac('sha256', 'not-the-secret').update(body).digest('hex'))).status).toBe(401)
    expect((await deliver(body, '')).status).toBe(401)
    expect((await deliver(body.replace('Ada', 'Eve'), createHmac('sha256', CAL_SECRET).update(body).digest('hex'))).status).toBe(401)
    expect(board.requests.length).toBe(before)
    expect(await bookingRows()).toHaveLength(0)
  }, 30_000)

  it('a reschedule and a cancellation add their own updates', async () => {
    const lead = person('Ada Lovelace', 'ada@example.com')
    await postLead(lead)
    const itemId = await deliveredItem(lead.submissionId)
    const uid = crypto.randomUUID()
    await deliver(calBody('BOOKING_CREATED', { uid, submissionId: lead.submissionId }))
    await deliver(calBody('BOOKING_RESCHEDULED', { uid, submissionId: lead.submissionId, start: '2026-11-27T03:30:00.000Z' }))
    expect(
      (await deliver(calBody('BOOKING_CANCELLED', { uid, submissionId: lead.submissionId, start: '2026-11-27T03:30:00.000Z' }))).status,
    ).toBe(200)
    expect(bookingUpdates(itemId)).toEqual([
      '<p>Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper</p>',
      '<p>Strategy call moved to Fri 27 Nov 2026, 2:30 pm AEDT with Grace Hopper</p>',
      '<p>Strategy call cancelled (was Fri 27 Nov 2026, 2:30 pm AEDT with Grace Hopper)</p>',
    ])
  }, 30_000)

  it('a booking for a lead still pending waits, and goes out once the lead is delivered', async () => {
    board.fail('create_item', 'http-500')
    const lead = person('Mary Jackson', 'mary@example.com')
    expect(await postLead(lead)).toMatchObject({ id: lead.submissionId, status: 'queued' })
    expect(await itemOf(lead.submissionId)).toBeUndefined()

    const updates = () => board.requests.filter((r) => r.operation === 'create_update').length
    const before = updates()
    expect((await deliver(calBody('BOOKING_CREATED', { submissionId: lead.submissionId, email: 'mary@example.com' }))).status).toBe(202)
    expect(updates()).toBe(before)

    await run()
    const itemId = await itemOf(lead.submissionId)
    expect(itemId).toBeDefined()
    expect(bookingUpdates(itemId)).toEqual(['<p>Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper</p>'])
    await run()
    expect(bookingUpdates(itemId)).toHaveLength(1)
  }, 30_000)

  it('a booking that matches no lead makes one "Booking:" item in the leads group, and its replay none', async () => {
    const body = calBody('BOOKING_CREATED', { name: 'Walk-in Wanda', email: 'wanda@example.com' })
    const first = await deliver(body)
    expect(first.status).toBe(200)
    const wanda = [...board.items].filter(([, item]) => item.name === 'Booking: Walk-in Wanda')
    expect(wanda).toHaveLength(1)
    const create = board.requests.find((r) => r.operation === 'create_item' && r.variables.itemName === 'Booking: Walk-in Wanda')
    expect(create?.variables.groupId).toBe('topics')
    expect(bookingUpdates(wanda[0]![0])).toHaveLength(1)
    expect((await deliver(body)).status).toBe(200)
    expect([...board.items].filter(([, item]) => item.name === 'Booking: Walk-in Wanda')).toHaveLength(1)
  }, 30_000)

  it("the digest lists the day's leads that did not book, with their contact details", async () => {
    const booked = person('Dorothy Vaughan', 'dorothy@example.com')
    const unbooked = person('Annie Easley', 'annie@example.com')
    await postLead(booked)
    await postLead(unbooked)
    await deliver(calBody('BOOKING_CREATED', { submissionId: booked.submissionId, email: 'dorothy@example.com' }))

    expect(await run(digest)).toMatchObject({ digest: { sent: ['webhook'] } })
    const text = channels.webhook[0]!.text
    expect(text).toContain('No call booked yet: 1')
    expect(text).toContain('Annie Easley, <tel:+61422470721|0422 470 721>, annie@example[.]com')
    expect(text.split('No call booked yet')[1]).not.toContain('Dorothy Vaughan')
  }, 30_000)
})
