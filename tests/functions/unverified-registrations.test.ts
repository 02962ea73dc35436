import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { FAKE_HOSTNAME, FAKE_SECRET, startFakeSiteverify, type FakeSiteverify } from '../support/fake-siteverify.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registrationInsert } from '../support/enterprise-row'
import { runFollowup } from '../support/enterprise-followup'
import { followupEnv, loopbackPassesThrough, ORIGIN } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Issue 42 point 7, as the outsider did it: tokenless registrations through the real enterprise-register
// (Turnstile on, the fake siteverify), worked by the real enterprise-followup, on PostgreSQL with every
// migration, the fake board and the fake alert channels.
let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let siteverify: FakeSiteverify
let register: DenoFunction
let followup: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels, siteverify] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts(), startFakeSiteverify()])
  ;[register, followup] = await Promise.all([
    startFunction('enterprise-register', {
      SUPABASE_DB_URL: pg.url,
      ALLOWED_ORIGINS: ORIGIN,
      TURNSTILE_SECRET_KEY: FAKE_SECRET,
      TURNSTILE_VERIFY_URL: siteverify.url,
      TURNSTILE_HOSTNAMES: FAKE_HOSTNAME,
    }),
    startFunction('enterprise-followup', { ...followupEnv(pg.url, board.url, channels, 2), MONDAY_ACCOUNT_SLUG: 'agency' }),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([register?.stop(), followup?.stop()])
  await Promise.all([board?.close(), channels?.close(), siteverify?.stop()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate enterprise_registrations, enterprise_registration_days, enterprise_confirm_requests, notifications`
  // The last summary went out over an hour ago: the next one is due as soon as something arrives.
  await pg.sql`update needs_a_look_summary set sent_at = now() - interval '61 minutes'`
  channels.clear()
  marks = { requests: board.requests.length, notes: board.notes.length }
})
let marks = { requests: 0, notes: 0 }

const post = (body: unknown, ip: string) =>
  fetchWithin(register.url, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
    within: 10_000,
  })

/** `count` tokenless registrations, round robin over `addresses` client addresses: the answers' statuses. */
async function tokenless(count: number, addresses: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {}
  for (let i = 0; i < count; i++) {
    const res = await post({ ...registrationInsert(), email: `bot${i}@spam.test` }, `203.0.113.${(i % addresses) + 1}`)
    statuses[res.status] = (statuses[res.status] ?? 0) + 1
  }
  return statuses
}

/** Runs the follow-through until it claims nothing more. */
async function drain() {
  for (let run = 0; run < 6; run++) if ((await runFollowup(followup.url)).body.claimed === 0) return
}

const salesAlerts = () =>
  [...channels.webhook.map((message) => message.text), ...channels.emails.map((email) => email.subject)].filter((text) =>
    text.includes('New enterprise registration'),
  )
const summaries = () => channels.webhook.filter((message) => message.text.includes('Needs a look'))
const creates = () => board.requests.slice(marks.requests).filter((request) => request.operation === 'create_item')
const row = async (email: string) =>
  (
    await pg.sql<{ id: string; status: string; over_daily_cap: boolean; verified: boolean; board_item_id: string | null }[]>`
    select id, status, over_daily_cap, verified, board_item_id from enterprise_registrations where email = ${email}`
  )[0]!

describe('Tokenless bots hold back genuine customers', () => {
  it('50 tokenless registrations from 16 addresses use their own allowance; the next verified registrant is not held and is asked to confirm', async () => {
    const statuses = await tokenless(50, 16)
    // Their own, tighter limit: 2 an hour per address (ENTERPRISE_UNVERIFIED_HOURLY_LIMIT).
    expect(statuses).toEqual({ 201: 32, 429: 18 })

    const genuine = 'genuine@customer.test'
    const res = await post(
      { ...registrationInsert(), email: genuine, turnstileToken: siteverify.issue({ action: 'registration' }) },
      '198.51.100.77',
    )
    expect(res.status).toBe(201)
    expect(await row(genuine)).toMatchObject({ verified: true, over_daily_cap: false, status: 'pending' })
    const [day] = await pg.sql<
      { registrations: number; unverified: number }[]
    >`select registrations, unverified from enterprise_registration_days`
    expect(day).toEqual({ registrations: 1, unverified: 32 })

    await drain()
    expect((await row(genuine)).status).toBe('awaiting-confirmation')
    expect(channels.emails.filter((email) => email.to.includes(genuine)).map((email) => email.subject)).toEqual([
      'Please confirm your e-mail address',
    ])
    // Sales hears of the genuine one alone, on each channel.
    expect(salesAlerts()).toHaveLength(2)
  }, 120_000)
})

describe('Tokenless bots page sales one by one', () => {
  it('51 unverified registrations: no sales alert or e-mail, their items in Needs a look marked Unverified first, one summary with the counts', async () => {
    expect(await tokenless(51, 26)).toEqual({ 201: 51 })
    await drain()

    expect(salesAlerts()).toEqual([])
    expect(channels.emails.filter((email) => email.to.some((to) => to.endsWith('@spam.test')))).toEqual([])
    // Their own allowance (ENTERPRISE_UNVERIFIED_DAILY_CAP, 20) reaches the board; the rest is recorded, held.
    const items = creates()
    expect(items).toHaveLength(20)
    for (const item of items) {
      expect(item.variables.groupId).toBe('needs_a_look')
      expect(String(item.variables.itemName)).toMatch(/^Unverified – Enterprise: /)
    }
    const notes = board.notes.slice(marks.notes)
    expect(notes).toHaveLength(20)
    for (const note of notes) expect(note.body).toMatch(/^<p><strong>Unverified: /)
    const statuses = await pg.sql<{ status: string; on_board: boolean; n: number }[]>`
      select status, board_item_id is not null as on_board, count(*)::int as n from enterprise_registrations group by 1, 2 order by 1, 2`
    expect(statuses).toEqual([
      { status: 'held', on_board: false, n: 31 },
      { status: 'held', on_board: true, n: 20 },
    ])

    expect(summaries()).toHaveLength(1)
    const summary = summaries()[0]!.text
    expect(summary).toContain('Needs a look: 51 new')
    expect(summary).toContain('20 unverified enterprise registrations')
    expect(summary).toContain('31 unverified registrations past ENTERPRISE_UNVERIFIED_DAILY_CAP')
    expect(summary).toContain('<https://agency.monday.com/boards/123|')
    expect(summary).not.toContain('spam.test')
  }, 120_000)
})

describe('the new registration sales alert (issue 43)', () => {
  it('links the board item its own run created', async () => {
    const email = 'linked@customer.test'
    await post({ ...registrationInsert(), email, turnstileToken: siteverify.issue({ action: 'registration' }) }, '198.51.100.78')
    await drain()
    const { board_item_id: itemId } = await row(email)
    expect(itemId).toBeTruthy()
    const alert = channels.webhook.find((message) => message.text.includes('New enterprise registration'))!.text
    expect(alert).toContain(`<https://agency.monday.com/boards/123/pulses/${itemId}|Open on the board>`)
    expect(alert).not.toContain('Not on the board yet')
    expect(creates().map((request) => request.variables)).toMatchObject([{ groupId: 'enterprise', itemName: 'Enterprise: Acme & Co.' }])
  }, 60_000)
})

describe('a staff decision on an unverified registration', () => {
  it("'Release' pages sales once, saying Unverified first and linking its item; 'Not genuine' pages nobody", async () => {
    await tokenless(2, 2)
    await drain()
    expect(salesAlerts()).toEqual([])
    const [first, second] = await pg.sql<{ id: string; board_item_id: string }[]>`
      select id, board_item_id from enterprise_registrations order by email`
    const [released] = await pg.sql<{ ok: boolean }[]>`select release_enterprise_registration(${first!.id}) as ok`
    expect(released?.ok).toBe(true)
    await pg.sql`update enterprise_registrations set staff_decision = 'not-genuine', staff_decided_at = now(), status = 'pending',
                 next_attempt_at = now() where id = ${second!.id}`
    const items = creates().length
    await drain()
    await drain()
    const alerts = channels.webhook.filter((message) => message.text.includes('New enterprise registration'))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.text.split('\n')[0]).toMatch(/^Unverified: New enterprise registration: /)
    expect(alerts[0]!.text).toContain(`/pulses/${first!.board_item_id}|`)
    expect(creates()).toHaveLength(items)
    // Nothing goes to the address an unverified registration names, released or not.
    expect(channels.emails.filter((email) => email.to.some((to) => to.endsWith('@spam.test')))).toEqual([])
  }, 60_000)
})
