import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RESEND_KEY, startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFakeStripe, STRIPE_KEY, type FakeStripe } from '../support/fake-stripe.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registrationInsert } from '../support/enterprise-row'
import { registerConfirmed, runFollowup } from '../support/enterprise-followup'
import { followupEnv, loopbackPassesThrough, ORIGIN, submission, untilDelivered } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Issue 42 point 6: U+202E (right-to-left override) typed into a registration's address reached the
// Stripe customer's address. Unicode format characters (U+202E, U+200B, U+2066-2069, U+FEFF) and
// control characters leave every visitor field before any channel: the board, chat, e-mail, Stripe.
// Every function under Deno on a real PostgreSQL, with the fake board, channels and Stripe.
const FORMAT = /[\u202E\u200B\u2066-\u2069\uFEFF]/
const BELL = String.fromCharCode(7)
const INVISIBLE = { test: (text: string) => FORMAT.test(text) || text.includes(BELL) || text.includes('\\u0007') }
const SECRET = 'invisible-test-secret'

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let stripe: FakeStripe
let leads: DenoFunction
let redeliver: DenoFunction
let register: DenoFunction
let followup: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels, stripe] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts(), startFakeStripe()])
  const env = {
    ...followupEnv(pg.url, board.url, channels, 3),
    CRON_SECRET: SECRET,
    RESEND_API_KEY: RESEND_KEY,
    NEW_LEAD_ALERTS: 'true',
    STRIPE_API_URL: stripe.url,
    STRIPE_SECRET_KEY: STRIPE_KEY,
  }
  ;[leads, redeliver, register, followup] = await Promise.all([
    startFunction('leads', env),
    startFunction('leads-redeliver', env),
    startFunction('enterprise-register', env),
    startFunction('enterprise-followup', env),
  ])
}, 150_000)

afterAll(async () => {
  await Promise.all([leads?.stop(), redeliver?.stop(), register?.stop(), followup?.stop()])
  await Promise.all([board?.close(), channels?.close(), stripe?.close()])
  await pg?.stop()
})

beforeEach(() => {
  loopbackPassesThrough()
  board.requests.length = 0
  channels.clear()
  stripe.clear()
})

const post = (url: string, body: unknown) =>
  fetchWithin(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': '198.51.100.7' },
    body: JSON.stringify(body),
    within: 10_000,
  })

/** Everything every channel was sent: board calls, chat messages, e-mails (text and HTML), Stripe customers and invoices. */
function everythingSent(registrationId?: string): string[] {
  return [
    ...board.requests.map((request) => JSON.stringify(request.variables)),
    ...channels.webhook.map((message) => message.text),
    ...channels.emails.flatMap((email) => [email.subject, email.text, email.html ?? '']),
    ...(registrationId
      ? [...stripe.customersFor(registrationId), ...stripe.invoicesFor(registrationId)].map((object) => JSON.stringify(object))
      : []),
  ]
}

describe('invisible characters never reach a channel (deno, PostgreSQL, fake board, channels and Stripe)', () => {
  it('a registration posted with U+202E and friends in its name and address reaches the board, chat, e-mail and the Stripe customer without them', async () => {
    const row = {
      ...registrationInsert(),
      name: 'Jane \u202EeoD\u200B',
      company_name: '\uFEFFAcme & Co.',
      full_address: '78 Harbour \u202EteertS\u2066 Sydney\u2069 NSW',
    }
    expect((await post(register.url, row)).status).toBe(201)
    const [stored] = await pg.sql<{ id: string; name: string; full_address: string }[]>`
      select id, name, full_address from enterprise_registrations where submission_id = ${row.submission_id}`
    expect(stored).toMatchObject({ name: 'Jane eoD', full_address: '78 Harbour teertS Sydney NSW' })
    await pg.sql`update enterprise_registrations set email_confirmed_at = now() where id = ${stored!.id}`
    for (let run = 0; run < 4 && stripe.invoicesFor(stored!.id).length === 0; run++) await runFollowup(followup.url, SECRET)

    const [customer] = stripe.customersFor(stored!.id)
    expect(customer?.address?.line1).toBe('78 Harbour teertS Sydney NSW')
    expect(customer?.name).toBe('Acme & Co.')
    const sent = everythingSent(stored!.id)
    expect(sent.some((text) => text.includes('teertS'))).toBe(true)
    expect(sent.filter((text) => INVISIBLE.test(text))).toEqual([])
  })

  it('a registration already stored with U+202E (inserted before this fix) still reaches Stripe, the board, chat and e-mail without it', async () => {
    const id = await registerConfirmed(pg.sql, { full_address: '1 Old \u202ETeertS\u200B Street' })
    for (let run = 0; run < 4 && stripe.invoicesFor(id).length === 0; run++) await runFollowup(followup.url, SECRET)
    expect(stripe.customersFor(id)[0]?.address?.line1).toBe('1 Old TeertS Street')
    expect(stripe.invoicesFor(id)).toHaveLength(1)
    const sent = everythingSent(id)
    expect(sent.some((text) => text.includes('TeertS'))).toBe(true)
    expect(sent.filter((text) => INVISIBLE.test(text))).toEqual([])
  })

  it('a lead posted with U+202E, U+200B, isolates, a BOM and a bell reaches the board, the new-lead chat message and e-mail without them', async () => {
    const lead = submission({
      submissionId: crypto.randomUUID(),
      guard: { honeypot: '', fillMs: 12_000 },
      lead: {
        ...submission().lead,
        name: `Bot \u202EremmapS${BELL}`,
        business: '\u20661 Analytical\u2069 St\uFEFF',
        note: 'Call \u200Bme\nplease',
      },
    })
    expect((await post(leads.url, lead)).status).toBe(200)
    const [stored] = await pg.sql<{ name: string; note: string }[]>`
      select lead ->> 'name' as name, lead ->> 'note' as note from leads where submission_id = ${lead.submissionId}`
    expect(stored).toEqual({ name: 'Bot remmapS', note: 'Call me\nplease' })
    await untilDelivered(pg.sql, lead.submissionId)
    await fetchWithin(redeliver.url, { method: 'POST', headers: { 'x-cron-secret': SECRET }, within: 15_000 })

    const sent = everythingSent()
    expect(channels.webhook.some((message) => message.text.includes('remmapS'))).toBe(true)
    expect(channels.emails.some((email) => email.text.includes('remmapS'))).toBe(true)
    expect(board.requests.some((request) => JSON.stringify(request.variables).includes('remmapS'))).toBe(true)
    expect(sent.filter((text) => INVISIBLE.test(text))).toEqual([])
  })
})
