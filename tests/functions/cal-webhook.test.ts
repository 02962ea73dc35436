import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { webhookEventFigures } from '../../supabase/functions/_shared/bookings/webhook-figures.ts'
import { loopbackPassesThrough, ORIGIN, submission, pipelineEnv } from './support'

// The calendar's signed webhooks under Deno, on a real PostgreSQL, with the fake board on 127.0.0.1:
// cal-webhook records each event, webhook-events (the worker) puts its update on the board.
const CAL_SECRET = 'cal-webhook-test-secret'
const CRON_SECRET = 'bookings-redeliver-secret'

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let leads: DenoFunction
let redeliver: DenoFunction
let webhook: DenoFunction
let digest: DenoFunction
let worker: DenoFunction

const env = (): Record<string, string> => ({
  ...pipelineEnv(pg.url, board.url),
  BACKOFF_MAX_MS: '100',
  LEADS_RATE_LIMIT: '1000/60',
  RATE_LIMIT_SALT: 'test-salt',
  CRON_SECRET,
  CAL_WEBHOOK_SECRET: CAL_SECRET,
  AGENCY_TIME_ZONE: 'Australia/Sydney',
  ALERT_WEBHOOK_URL: channels.webhookUrl,
  BOOKINGS_BOARD_TIMEOUT_MS: '400',
  BOOKINGS_LEASE_MS: '1500',
  // Longer than a run takes, so a retried event waits for the next run (work() waits this long).
  BOOKINGS_BACKOFF_BASE_MS: '300',
  BOOKINGS_BACKOFF_MAX_MS: '300',
  BOOKINGS_LEAD_WAIT_MS: '300',
  BOOKINGS_MAX_ATTEMPTS: '3',
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let clients = 0
/** `honeypot` filled: the lead is stored as spam (the fill time a client reports is not trusted). */
const person = (name: string, email: string, honeypot = '') =>
  submission({
    submissionId: crypto.randomUUID(),
    lead: { locations: '2-10', name, phone: '0422470721', email, business: '1 Analytical St', note: '' },
    guard: { honeypot, fillMs: 12_000 },
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
    headers: { 'x-cron-secret': CRON_SECRET },
    signal: AbortSignal.timeout(15_000),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

/** One run of the worker that acts on the recorded events, once a retried one is due again; its bookings' tally. */
async function work(): Promise<Record<string, number>> {
  await sleep(350)
  return (await run(worker)).bookings as Record<string, number>
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
    phone,
  } = {} as {
    phone?: string
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
      ...(phone ? { responses: { attendeePhoneNumber: { label: 'phone_number', value: phone } } } : {}),
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

/** The updates the board holds on an item (a refused call leaves none). */
const updatesOn = (itemId: string | undefined) => board.notes.filter((note) => note.itemId === itemId).map((note) => note.body)
/** The booking notes on an item, each without the reference line it is found by on a retry (`Ref: booking-<id>/note`). */
const bookingUpdates = (itemId: string | undefined) =>
  updatesOn(itemId)
    .filter((body) => body.includes('Strategy call'))
    .map((body) => body.replace(/<p>Ref: booking-\d+\/note<\/p>$/, ''))
const itemOf = async (submissionId: string) =>
  (await pg.sql<{ board_item_id: string | null }[]>`select board_item_id from leads where submission_id = ${submissionId}`)[0]
    ?.board_item_id ?? undefined
const bookingRows = () => pg.sql`select * from lead_bookings`
const bookingItems = (name: string) => [...board.items].filter(([, item]) => item.name === `Booking: ${name}`)
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
  ;[leads, redeliver, webhook, digest, worker] = await Promise.all([
    startFunction('leads', env()),
    startFunction('leads-redeliver', env()),
    startFunction('cal-webhook', env()),
    startFunction('leads-digest', env()),
    startFunction('webhook-events', env()),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([leads?.stop(), redeliver?.stop(), webhook?.stop(), digest?.stop(), worker?.stop()])
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate leads, lead_bookings`
  channels.clear()
})

describe('cal-webhook and webhook-events (deno, PostgreSQL, fake board)', () => {
  it('a signed BOOKING_CREATED is recorded and answered at once; the worker adds one update to the lead item; a replay adds none', async () => {
    const lead = person('Ada Lovelace', 'ada@example.com')
    expect(await postLead(lead)).toMatchObject({ id: lead.submissionId })
    const itemId = await deliveredItem(lead.submissionId)

    const body = calBody('BOOKING_CREATED', { submissionId: lead.submissionId })
    expect(await deliver(body)).toEqual({ status: 202, body: { recorded: true } })
    // No outside call in the webhook itself: the update waits for the worker.
    expect(bookingUpdates(itemId)).toEqual([])
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })])
    expect(await work()).toMatchObject({ claimed: 1, done: 1 })
    expect(bookingUpdates(itemId)).toEqual(['<p>Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper</p>'])

    expect(await deliver(body)).toEqual({ status: 200, body: { duplicate: true } })
    expect(await work()).toMatchObject({ claimed: 0 })
    expect(bookingUpdates(itemId)).toHaveLength(1)
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'sent', board_item_id: itemId, attempts: 1 })])
  }, 30_000)

  it('finds the lead by the attendee e-mail when the booking carries no submission id', async () => {
    const lead = person('Katherine Johnson', 'Katherine@Example.com')
    await postLead(lead)
    const itemId = await deliveredItem(lead.submissionId)
    expect((await deliver(calBody('BOOKING_CREATED', { email: 'katherine@example.com' }))).status).toBe(202)
    await work()
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

  it('a reschedule and a cancellation add their own updates, in order', async () => {
    const lead = person('Ada Lovelace', 'ada@example.com')
    await postLead(lead)
    const itemId = await deliveredItem(lead.submissionId)
    const uid = crypto.randomUUID()
    await deliver(calBody('BOOKING_CREATED', { uid, submissionId: lead.submissionId }))
    await deliver(calBody('BOOKING_RESCHEDULED', { uid, submissionId: lead.submissionId, start: '2026-11-27T03:30:00.000Z' }))
    expect(
      (await deliver(calBody('BOOKING_CANCELLED', { uid, submissionId: lead.submissionId, start: '2026-11-27T03:30:00.000Z' }))).status,
    ).toBe(202)
    expect(await work()).toMatchObject({ claimed: 3, done: 3 })
    expect(bookingUpdates(itemId)).toEqual([
      '<p>Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper</p>',
      '<p>Strategy call moved to Fri 27 Nov 2026, 2:30 pm AEDT with Grace Hopper</p>',
      '<p>Strategy call cancelled (was Fri 27 Nov 2026, 2:30 pm AEDT with Grace Hopper)</p>',
    ])
  }, 30_000)

  it('a booking for a lead still pending waits, using up no attempt, and goes out once the lead is delivered', async () => {
    board.fail('create_item', 'http-500')
    const lead = person('Mary Jackson', 'mary@example.com')
    expect(await postLead(lead)).toMatchObject({ id: lead.submissionId, status: 'queued' })
    expect(await itemOf(lead.submissionId)).toBeUndefined()

    const updates = () => board.requests.filter((r) => r.operation === 'create_update').length
    const before = updates()
    expect((await deliver(calBody('BOOKING_CREATED', { submissionId: lead.submissionId, email: 'mary@example.com' }))).status).toBe(202)
    expect(await work()).toMatchObject({ claimed: 1, waiting: 1 })
    expect(updates()).toBe(before)
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'pending', attempts: 0, failure_reason: 'waits-for-lead' })])

    await run()
    const itemId = await itemOf(lead.submissionId)
    expect(itemId).toBeDefined()
    expect(await work()).toMatchObject({ done: 1 })
    expect(bookingUpdates(itemId)).toEqual(['<p>Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper</p>'])
    await work()
    expect(bookingUpdates(itemId)).toHaveLength(1)
  }, 30_000)

  it('a booking that matches no lead makes one "Booking:" item in the leads group, and its replay none', async () => {
    const body = calBody('BOOKING_CREATED', { name: 'Walk-in Wanda', email: 'wanda@example.com' })
    expect((await deliver(body)).status).toBe(202)
    await work()
    const wanda = bookingItems('Walk-in Wanda')
    expect(wanda).toHaveLength(1)
    const create = board.requests.find((r) => r.operation === 'create_item' && r.variables.itemName === 'Booking: Walk-in Wanda')
    expect(create?.variables.groupId).toBe('topics')
    expect(bookingUpdates(wanda[0]![0])).toHaveLength(1)
    expect((await deliver(body)).status).toBe(200)
    await work()
    expect(bookingItems('Walk-in Wanda')).toHaveLength(1)
  }, 30_000)

  it('a booking whose board call fails is delivered later, once', async () => {
    const uid = crypto.randomUUID()
    board.fail('create_update', 'http-500')
    expect((await deliver(calBody('BOOKING_CREATED', { uid, name: 'Late Larry', email: 'larry@example.com' }))).status).toBe(202)
    expect(await work()).toMatchObject({ claimed: 1, retrying: 1 })
    // The item was made and its id kept before the update failed.
    const [itemId] = bookingItems('Late Larry').map(([id]) => id)
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'pending', attempts: 1, board_item_id: itemId })])
    expect(bookingUpdates(itemId)).toEqual([])

    expect(await work()).toMatchObject({ claimed: 1, done: 1 })
    expect(bookingUpdates(itemId)).toHaveLength(1)
    // The next event of the same booking goes on the same item.
    await deliver(calBody('BOOKING_CANCELLED', { uid, name: 'Late Larry', email: 'larry@example.com' }))
    await work()
    await work()
    expect(bookingItems('Late Larry')).toHaveLength(1)
    expect(bookingUpdates(itemId)).toHaveLength(2)
    expect(board.requests.filter((r) => r.operation === 'create_item' && r.variables.itemName === 'Booking: Late Larry')).toHaveLength(1)
  }, 30_000)

  it('a booking note the board took but whose answer was lost is found on the retry, not added twice', async () => {
    const lead = person('Lost Lola', 'lola@example.com')
    await postLead(lead)
    const itemId = await deliveredItem(lead.submissionId)
    board.fail('create_update', 'created-lost')
    await deliver(calBody('BOOKING_CREATED', { submissionId: lead.submissionId, email: 'lola@example.com' }))
    expect(await work()).toMatchObject({ claimed: 1, retrying: 1 })
    expect(bookingUpdates(itemId)).toHaveLength(1)
    expect(await work()).toMatchObject({ claimed: 1, done: 1 })
    expect(bookingUpdates(itemId)).toHaveLength(1)
    expect(updatesOn(itemId).filter((body) => body.includes('Strategy call'))[0]).toMatch(/<p>Ref: booking-\d+\/note<\/p>$/)
  }, 30_000)

  it("the item carries the phone, the call's date and its status; an older event sent late does not undo a newer one", async () => {
    const uid = crypto.randomUUID()
    const who = { uid, name: 'Dated Dora', email: 'dora@example.com', phone: '+61 412 345 678' }
    board.fail('create_update', 'http-500')
    await deliver(calBody('BOOKING_CREATED', who))
    expect(await work()).toMatchObject({ retrying: 1 })
    const [itemId] = bookingItems('Dated Dora').map(([id]) => id)
    expect(board.columnsOf.get(itemId!)).toMatchObject({
      phone: { phone: '+61412345678', countryShortName: 'AU' },
      call_date: { date: '2026-11-26', time: '22:00:00' },
      call_status: { label: 'Booked' },
    })

    await deliver(calBody('BOOKING_CANCELLED', who))
    await work()
    await work()
    expect(bookingUpdates(itemId)).toHaveLength(2)
    expect(board.columnsOf.get(itemId!)).toMatchObject({ call_status: { label: 'Cancelled' } })
    expect(bookingItems('Dated Dora')).toHaveLength(1)
  }, 30_000)

  it('an item made whose answer was lost is found by the booking before another is made', async () => {
    board.fail('create_item', 'created-lost')
    expect((await deliver(calBody('BOOKING_CREATED', { name: 'Lost Lola', email: 'lola@example.com' }))).status).toBe(202)
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ done: 1 })
    const wanda = bookingItems('Lost Lola')
    expect(wanda).toHaveLength(1)
    expect(bookingUpdates(wanda[0]![0])).toHaveLength(1)
  }, 30_000)

  it('a booking the board keeps refusing fails after its attempts, with one alert', async () => {
    board.fail('create_update', 'http-500', 'http-500', 'http-500')
    await deliver(calBody('BOOKING_CREATED', { name: 'Refused Rita', email: 'rita@example.com' }))
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ failed: 1 })
    expect(await work()).toMatchObject({ claimed: 0 })
    expect(await bookingRows()).toEqual([expect.objectContaining({ status: 'failed', attempts: 3, failure_reason: 'http' })])
    const alerts = channels.webhook.filter((message) => message.text.startsWith('Booking not on the board'))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.text).toContain('Booking not on the board: Refused Rita')
    expect(alerts[0]!.text).toContain("set status = 'pending', attempts = 0")
    expect(await webhookEventFigures(pg.sql)).toMatchObject({ bookingsPending: 0, bookingsFailed: 1 })
  }, 30_000)

  it('a lead flagged as spam who books a call is released: the lead and the booking are both delivered', async () => {
    const lead = person('Hedy Lamarr', 'hedy@example.com', 'https://spam.example')
    expect(await postLead(lead)).toMatchObject({ id: lead.submissionId })
    const status = async () =>
      (
        await pg.sql<{ status: string; spam_reason: string | null }[]>`
        select status, spam_reason from leads where submission_id = ${lead.submissionId}`
      )[0]
    expect(await status()).toEqual({ status: 'spam', spam_reason: 'honeypot' })

    expect((await deliver(calBody('BOOKING_CREATED', { submissionId: lead.submissionId, email: 'hedy@example.com' }))).status).toBe(202)
    expect(await status()).toEqual({ status: 'pending', spam_reason: null })
    await run()
    const itemId = await itemOf(lead.submissionId)
    expect(itemId).toBeDefined()
    await work()
    expect(bookingUpdates(itemId)).toHaveLength(1)
  }, 30_000)

  it('a spam-flagged lead found by the e-mail alone is released too, and the booking goes to that lead', async () => {
    const lead = person('Radia Perlman', 'radia@example.com', 'https://spam.example')
    await postLead(lead)
    expect((await deliver(calBody('BOOKING_CREATED', { email: 'Radia@Example.com', name: 'Radia Perlman' }))).status).toBe(202)
    const [row] = await pg.sql<{ status: string; id: string }[]>`select id, status from leads where submission_id = ${lead.submissionId}`
    expect(row?.status).toBe('pending')
    expect(await bookingRows()).toEqual([expect.objectContaining({ lead_id: row!.id })])
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
