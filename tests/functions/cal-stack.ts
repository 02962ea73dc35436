import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN, submission, pipelineEnv, notifyEnv } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The calendar's signed webhooks under Deno, on a real PostgreSQL, with the fake board on 127.0.0.1:
// `leads` takes the lead (and signs its booking reference), cal-webhook records each event,
// webhook-events (the worker) puts its update on the board. Shared by the files that test bookings.
export const CAL_SECRET = 'cal-webhook-test-secret'
export const CRON_SECRET = 'bookings-redeliver-secret'
export const LINK_SECRET = 'booking-link-test-secret'
export const MONDAY_ACCOUNT_SLUG = 'agency'

export type Event = 'BOOKING_CREATED' | 'BOOKING_RESCHEDULED' | 'BOOKING_CANCELLED'
/** What the `leads` function answers: the lead's id, and its signed booking reference. */
export type LeadAnswer = { id: string; status: string; booking?: { ref: string; sig: string } }
export type CalOptions = {
  uid?: string
  /** The booking link's `metadata[submissionId]` and `metadata[submissionSig]`. */
  submissionId?: string
  sig?: string
  email?: string
  name?: string
  start?: string
  phone?: string
  notes?: string
  location?: string
  cancellationReason?: string
  metadata?: Record<string, unknown>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const calBody = (event: Event, o: CalOptions = {}) => {
  const start = o.start ?? '2026-11-26T22:00:00.000Z'
  return JSON.stringify({
    triggerEvent: event,
    createdAt: new Date().toISOString(),
    payload: {
      uid: o.uid ?? crypto.randomUUID(),
      title: '30 min strategy call',
      startTime: start,
      endTime: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      organizer: { name: 'Grace Hopper', email: 'grace@agency.test', timeZone: 'Australia/Sydney' },
      attendees: [{ name: o.name ?? 'Ada Lovelace', email: o.email ?? 'ada@example.com', timeZone: 'Australia/Sydney' }],
      metadata: { ...(o.submissionId ? { submissionId: o.submissionId } : {}), ...(o.sig ? { submissionSig: o.sig } : {}), ...o.metadata },
      ...(o.location ? { location: o.location } : {}),
      ...(o.cancellationReason ? { cancellationReason: o.cancellationReason } : {}),
      responses: {
        ...(o.phone ? { attendeePhoneNumber: { label: 'phone_number', value: o.phone } } : {}),
        ...(o.notes ? { notes: { label: 'additional_notes', value: o.notes } } : {}),
      },
    },
  })
}

/** Starts the stack once for the file (hooks registered here) and returns what its tests act with. */
export function calStack() {
  const s = {} as { pg: PgCluster; board: FakeBoard; channels: FakeAlerts; fns: Record<string, DenoFunction> }
  let clients = 0
  const env = (): Record<string, string> => ({
    ...pipelineEnv(s.pg.url, s.board.url),
    LEADS_BACKOFF_MAX_MS: '100',
    LEADS_RATE_LIMIT: '1000/60',
    RATE_LIMIT_SALT: 'test-salt',
    CRON_SECRET,
    CAL_WEBHOOK_SECRET: CAL_SECRET,
    BOOKING_LINK_SECRET: LINK_SECRET,
    MONDAY_ACCOUNT_SLUG,
    AGENCY_TIME_ZONE: 'Australia/Sydney',
    ...notifyEnv,
    ALERT_WEBHOOK_URL: s.channels.webhookUrl,
    BOOKINGS_BOARD_TIMEOUT_MS: '400',
    BOOKINGS_LEASE_MS: '1500',
    // Longer than a run takes, so a retried event waits for the next run (work() waits this long).
    BOOKINGS_BACKOFF_BASE_MS: '300',
    BOOKINGS_BACKOFF_MAX_MS: '300',
    BOOKINGS_LEAD_WAIT_MS: '300',
    BOOKINGS_MAX_ATTEMPTS: '3',
    DECISIONS_LEASE_MS: '1500',
    DECISIONS_BACKOFF_BASE_MS: '300',
    DECISIONS_BACKOFF_MAX_MS: '300',
    DECISIONS_MAX_ATTEMPTS: '3',
  })

  beforeAll(async () => {
    loopbackPassesThrough()
    ;[s.pg, s.board, s.channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
    const names = ['leads', 'leads-redeliver', 'cal-webhook', 'leads-digest', 'webhook-events']
    const started = await Promise.all(names.map((name) => startFunction(name, env())))
    s.fns = Object.fromEntries(names.map((name, i) => [name, started[i]!]))
  }, 120_000)

  afterAll(async () => {
    await Promise.all(Object.values(s.fns ?? {}).map((fn) => fn.stop()))
    await Promise.all([s.board?.close(), s.channels?.close()])
    await s.pg?.stop()
  })

  beforeEach(async () => {
    loopbackPassesThrough()
    await s.pg.sql`truncate leads, lead_bookings, notifications`
    s.channels.clear()
  })

  /** `honeypot` filled: the lead is stored as spam (the fill time a client reports is not trusted). */
  const person = (name: string, email: string, honeypot = '') =>
    submission({
      submissionId: crypto.randomUUID(),
      lead: { locations: '2-10', name, phone: '0422470721', email, business: '1 Analytical St', note: '' },
      guard: { honeypot, fillMs: 12_000 },
    })

  const postLead = async (body: ReturnType<typeof person>): Promise<LeadAnswer> =>
    (
      await fetchWithin(s.fns.leads!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': `10.2.0.${++clients % 250}` },
        body: JSON.stringify(body),
        within: 10_000,
      })
    ).json() as Promise<LeadAnswer>

  /** Posts the lead as the form does; the booking link's metadata as the calendar's prefill carries it. */
  const signedLead = async (body: ReturnType<typeof person>) => {
    const answer = await postLead(body)
    expect(answer.booking?.ref).toBe(body.submissionId)
    return { submissionId: answer.booking!.ref, sig: answer.booking!.sig }
  }

  async function run(name = 'leads-redeliver'): Promise<Record<string, unknown>> {
    await sleep(150)
    const fn = s.fns[name]!
    // The digest as an operator sends it (`?force=1`), whatever the hour in the agency's zone.
    const res = await fetchWithin(name === 'leads-digest' ? `${fn.url}?force=1` : fn.url, {
      method: 'POST',
      headers: { 'x-cron-secret': CRON_SECRET },
      within: 15_000,
    })
    expect(res.status).toBe(200)
    return (await res.json()) as Record<string, unknown>
  }

  /** One run of the worker that acts on the recorded events, once a retried one is due again; its bookings' tally. */
  const work = async (): Promise<Record<string, number>> => {
    await sleep(350)
    return (await run('webhook-events')).bookings as Record<string, number>
  }

  async function deliver(body: string, signature = createHmac('sha256', CAL_SECRET).update(body).digest('hex')) {
    const res = await fetchWithin(s.fns['cal-webhook']!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-cal-signature-256': signature } : {}) },
      body,
      within: 10_000,
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  /** The updates the board holds on an item (a refused call leaves none). */
  const updatesOn = (itemId: string | undefined) => s.board.notes.filter((note) => note.itemId === itemId).map((note) => note.body)
  /** The booking notes on an item, each without the reference line it is found by on a retry (`Ref: booking-<id>/note`). */
  const bookingUpdates = (itemId: string | undefined) =>
    updatesOn(itemId)
      .filter((body) => body.includes('Strategy call'))
      .map((body) => body.replace(/<p>Ref: booking-\d+\/note<\/p>$/, ''))
  const itemOf = async (submissionId: string) =>
    (await s.pg.sql<{ board_item_id: string | null }[]>`select board_item_id from leads where submission_id = ${submissionId}`)[0]
      ?.board_item_id ?? undefined
  const bookingRows = () => s.pg.sql`select * from lead_bookings order by id`
  const bookingItems = (name: string) => [...s.board.items].filter(([, item]) => item.name.endsWith(`Booking: ${name}`))
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

  return {
    get pg() {
      return s.pg
    },
    get board() {
      return s.board
    },
    get channels() {
      return s.channels
    },
    get fns() {
      return s.fns
    },
    ...{ person, postLead, signedLead, run, work, deliver, updatesOn, bookingUpdates, itemOf, bookingRows, bookingItems, deliveredItem },
  }
}
