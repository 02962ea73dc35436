import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { register, runFollowup } from '../support/enterprise-followup'
import { followupEnv, loopbackPassesThrough } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Staff decide on the board (issue 42 point 3), under Deno on a real PostgreSQL with the fake board:
// board-webhook verifies monday.com's request and records the decision; webhook-events writes it on
// the record and moves or notes the item; the normal workers (leads-redeliver, enterprise-followup)
// then send what a release lets through, once.
const SIGNING_SECRET = 'monday-signing-secret'
const PATH_SECRET = 'b0ard-path-s3cret-0123456789'
const CRON_SECRET = 'board-decisions-cron-secret'
const REVIEW = 'needs_a_look'

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let signed: DenoFunction
let bySecretPath: DenoFunction
let worker: DenoFunction
let redeliver: DenoFunction
let followup: DenoFunction

const env = (): Record<string, string> => ({
  ...followupEnv(pg.url, board.url, channels, 3),
  CRON_SECRET,
  NEW_LEAD_ALERTS: 'true',
  BOOKINGS_BOARD_TIMEOUT_MS: '400',
  BOOKINGS_LEASE_MS: '1500',
  BOOKINGS_BACKOFF_BASE_MS: '300',
  BOOKINGS_BACKOFF_MAX_MS: '300',
  BOOKINGS_MAX_ATTEMPTS: '3',
  DECISIONS_LEASE_MS: '1500',
  DECISIONS_BACKOFF_BASE_MS: '300',
  DECISIONS_BACKOFF_MAX_MS: '300',
  DECISIONS_MAX_ATTEMPTS: '3',
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
/** A JWT as monday signs it: HS256 with the app's Signing Secret. */
function jwt(claims: Record<string, unknown> = {}, secret = SIGNING_SECRET, alg = 'HS256') {
  const now = Math.floor(Date.now() / 1000)
  const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64({ accountId: 1, userId: 77, iat: now, exp: now + 300, ...claims })}`
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`
}

let changes = 0
/** A change of the decision column, as monday posts it (`update_column_value`). */
function change(itemId: string, label: string | null, { at = Date.now() + changes * 1000, uuid = crypto.randomUUID(), column = 'decision' } = {}) {
  changes++
  return JSON.stringify({
    event: {
      app: 'monday',
      type: 'update_column_value',
      triggerTime: new Date(at).toISOString(),
      subscriptionId: 1,
      userId: 4012689,
      originalTriggerUuid: null,
      boardId: 123,
      groupId: REVIEW,
      pulseId: Number(itemId),
      pulseName: 'Unverified – Lead: Bot Spammer',
      columnId: column,
      columnType: 'color',
      columnTitle: 'Decision',
      value: label === null ? null : { label: { index: 1, text: label, style: { color: '#00c875' }, is_done: true }, post_id: null },
      previousValue: null,
      changedAt: at / 1000,
      isTopGroup: false,
      triggerUuid: uuid,
    },
  })
}

async function post(fn: DenoFunction, body: string, authorization: string | null = jwt(), path = '') {
  const res = await fetchWithin(`${fn.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization === null ? {} : { authorization }) },
    body,
    within: 10_000,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** One run of webhook-events, once a retried decision is due again; its decisions' tally. */
async function work(): Promise<Record<string, number>> {
  await sleep(350)
  const res = await fetchWithin(worker.url, { method: 'POST', headers: { 'x-cron-secret': CRON_SECRET }, within: 15_000 })
  expect(res.status).toBe(200)
  return ((await res.json()) as { decisions: Record<string, number> }).decisions
}
async function runRedeliver() {
  await sleep(150)
  const res = await fetchWithin(redeliver.url, { method: 'POST', headers: { 'x-cron-secret': CRON_SECRET }, within: 15_000 })
  expect(res.status).toBe(200)
}

/** An item in 'Needs a look', made as the placing worker makes it. */
async function reviewItem(name: string): Promise<string> {
  const res = await fetch(board.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'test-token' },
    body: JSON.stringify({
      query: 'mutation ($boardId: ID!, $groupId: String!, $itemName: String!) { create_item(board_id: $boardId, group_id: $groupId, item_name: $itemName, column_values: "{}") { id } }',
      variables: { boardId: '123', groupId: REVIEW, itemName: name },
    }),
  })
  return ((await res.json()) as { data: { create_item: { id: string } } }).data.create_item.id
}

/** A lead on the board that was held back from sales (unverified: counted in the summary, not announced). */
async function heldBackLead(itemId: string, change: Record<string, unknown> = {}): Promise<string> {
  const [row] = await pg.sql<{ id: string }[]>`
    insert into leads ${pg.sql({
      submission_id: crypto.randomUUID(),
      status: 'delivered',
      lead: { name: 'Bot Spammer', email: 'bot@example.com', phone: '0422470721', business: '1 Bot St', locations: '1', note: '' },
      tracking: { platform: '', keyword: '' },
      source: { path: '/', label: 'Home' },
      verified: false,
      verification_failure: 'missing-token',
      board_item_id: itemId,
      delivered_at: new Date(),
      sales_alerted_at: new Date(),
      ...change,
    } as never)}
    returning id`
  return String(row!.id)
}

const decisionRows = () => pg.sql<{ outcome: string | null; status: string }[]>`select outcome, status from board_decision_events order by id`
const newLeadMessages = () => channels.webhook.filter((message) => message.text.includes('New lead'))
const notesOn = (itemId: string) => board.notes.filter((note) => note.itemId === itemId).map((note) => note.body)

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
  ;[signed, bySecretPath, worker, redeliver, followup] = await Promise.all([
    startFunction('board-webhook', { ...env(), MONDAY_SIGNING_SECRET: SIGNING_SECRET }),
    startFunction('board-webhook', { ...env(), MONDAY_WEBHOOK_PATH_SECRET: PATH_SECRET }),
    startFunction('webhook-events', env()),
    startFunction('leads-redeliver', env()),
    startFunction('enterprise-followup', env()),
  ])
  board.addUser('4012689', 'Grace Hopper')
}, 120_000)

afterAll(async () => {
  await Promise.all([signed?.stop(), bySecretPath?.stop(), worker?.stop(), redeliver?.stop(), followup?.stop()])
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate leads, enterprise_registrations, lead_bookings, board_decision_events, notifications`
  channels.clear()
})

describe('board-webhook: who may speak for the board', () => {
  it("echoes monday's challenge and records nothing for it", async () => {
    const challenge = JSON.stringify({ challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P' })
    expect(await post(signed, challenge, null)).toEqual({
      status: 200,
      body: { challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P' },
    })
    expect(await post(bySecretPath, challenge, null, `/board-webhook/${PATH_SECRET}`)).toMatchObject({ status: 200 })
    // A challenge is no way in: not at a wrong URL, not with a forged JWT, and an event beside it is verified as any other.
    expect((await post(bySecretPath, challenge, null, '/board-webhook/guess')).status).toBe(401)
    expect((await post(signed, challenge, jwt({}, 'not-the-secret'))).status).toBe(401)
    const itemId = await reviewItem('Unverified – Lead: Bot Spammer')
    await heldBackLead(itemId)
    const smuggled = JSON.stringify({ challenge: 'x', ...JSON.parse(change(itemId, 'Release')) })
    expect((await post(signed, smuggled, null)).status).toBe(401)
    expect(await decisionRows()).toEqual([])
  })

  it("refuses the outsider's release (unsigned, wrongly signed, expired, 'none', wrong path) and records nothing", async () => {
    const itemId = await reviewItem('Unverified – Lead: Bot Spammer')
    const leadId = await heldBackLead(itemId)
    const body = change(itemId, 'Release')
    const now = Math.floor(Date.now() / 1000)
    const before = board.requests.length
    expect((await post(signed, body, null)).status).toBe(401)
    expect((await post(signed, body, jwt({}, 'not-the-secret'))).status).toBe(401)
    expect((await post(signed, body, jwt({ iat: now - 3600, exp: now - 1800 }))).status).toBe(401)
    expect((await post(signed, body, `${jwt().split('.').slice(0, 2).join('.').replace(/^[^.]+/, b64({ alg: 'none' }))}.`)).status).toBe(401)
    expect((await post(signed, body, 'Bearer garbage')).status).toBe(401)
    expect((await post(bySecretPath, body, null, '/board-webhook')).status).toBe(401)
    expect((await post(bySecretPath, body, null, `/board-webhook/${PATH_SECRET.slice(0, -1)}`)).status).toBe(401)
    expect((await post(bySecretPath, body, jwt(), '/board-webhook/wrong')).status).toBe(401)

    expect(await decisionRows()).toEqual([])
    expect(await work()).toMatchObject({ claimed: 0 })
    expect(board.requests.length).toBe(before)
    const [lead] = await pg.sql`select staff_decision, sales_alerted_at from leads where id = ${leadId}`
    expect(lead).toMatchObject({ staff_decision: null, sales_alerted_at: expect.any(Date) })
  })
})

describe('board-webhook and webhook-events: a decision acts once', () => {
  it("'Release' on an unverified lead: recorded, moved out of 'Needs a look', renamed, announced once; a replay and a second 'Release' do nothing more", async () => {
    const itemId = await reviewItem('Unverified – Lead: Bot Spammer')
    const leadId = await heldBackLead(itemId)
    await runRedeliver()
    expect(newLeadMessages()).toHaveLength(0)

    const body = change(itemId, 'Release')
    expect(await post(signed, body)).toEqual({ status: 202, body: { recorded: true } })
    expect(await work()).toMatchObject({ claimed: 1, done: 1 })
    expect(board.items.get(itemId)).toMatchObject({ groupId: 'topics', name: 'Lead: Bot Spammer' })
    const [lead] = await pg.sql`select staff_decision, staff_decided_at, released_at from leads where id = ${leadId}`
    expect(lead).toMatchObject({ staff_decision: 'release', staff_decided_at: expect.any(Date), released_at: expect.any(Date) })

    await runRedeliver()
    await runRedeliver()
    expect(newLeadMessages()).toHaveLength(1)
    expect(newLeadMessages()[0]!.text).toContain('Bot Spammer')

    expect(await post(signed, body)).toEqual({ status: 200, body: { duplicate: true } })
    expect(await post(bySecretPath, change(itemId, 'Release'), null, `/board-webhook/${PATH_SECRET}`)).toMatchObject({ status: 202 })
    expect(await work()).toMatchObject({ claimed: 1, done: 1 })
    await runRedeliver()
    expect(newLeadMessages()).toHaveLength(1)
    expect(await decisionRows()).toEqual([
      { outcome: 'released', status: 'done' },
      { outcome: 'repeat', status: 'done' },
    ])
  })

  it("'Release' on a held registration and on an unverified one: each goes back to the follow-through, whose sales alert goes once", async () => {
    const heldItem = await reviewItem('Held – Enterprise: Acme & Co.')
    const held = await register(pg.sql)
    await pg.sql`update enterprise_registrations set status = 'held', over_daily_cap = true, board_item_id = ${heldItem} where id = ${held}`
    const unverifiedItem = await reviewItem('Unverified – Enterprise: Bot Pty')
    const unverified = await register(pg.sql, { company_name: 'Bot Pty' })
    await pg.sql`
      update enterprise_registrations set status = 'done', verified = false, board_item_id = ${unverifiedItem}, board_note_sent_at = now()
      where id = ${unverified}`

    expect((await post(signed, change(heldItem, 'Release'))).status).toBe(202)
    expect((await post(signed, change(unverifiedItem, 'release'))).status).toBe(202)
    expect(await work()).toMatchObject({ claimed: 2, done: 2 })
    expect(board.items.get(heldItem)).toMatchObject({ groupId: 'enterprise', name: 'Enterprise: Acme & Co.' })
    expect(board.items.get(unverifiedItem)).toMatchObject({ groupId: 'enterprise', name: 'Enterprise: Bot Pty' })
    const rows = await pg.sql`select id, status, staff_decision from enterprise_registrations order by company_name`
    expect(rows.map((row) => [row.status, row.staff_decision])).toEqual([
      ['pending', 'release'],
      ['pending', 'release'],
    ])

    await runFollowup(followup.url, CRON_SECRET)
    await runFollowup(followup.url, CRON_SECRET)
    const alerts = channels.webhook.filter((message) => message.text.includes('New enterprise registration'))
    expect(alerts.map((message) => /Acme|Bot Pty/.exec(message.text)?.[0]).sort()).toEqual(['Acme', 'Bot Pty'])
  })

  it("'Not genuine' on a spam-flagged lead adds one note saying who and when; nothing is requeued; a replay adds none", async () => {
    const itemId = await reviewItem('Unverified, Spam? – Lead: Hedy')
    const leadId = await heldBackLead(itemId, { status: 'spam', spam_reason: 'honeypot', delivered_at: null, sales_alerted_at: null })
    const body = change(itemId, 'Not genuine', { at: Date.parse('2026-11-27T22:00:00.000Z') })
    expect((await post(signed, body)).status).toBe(202)
    expect(await work()).toMatchObject({ done: 1 })
    expect((await post(signed, body)).status).toBe(200)
    expect(await work()).toMatchObject({ claimed: 0 })

    const notes = notesOn(itemId)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toContain('<strong>Not genuine</strong>: marked by Grace Hopper on Sat 28 Nov 2026, 9:00 am AEDT.')
    expect(notes[0]).toContain('Nothing will be sent for this record')
    expect(board.items.get(itemId)).toMatchObject({ groupId: REVIEW, name: 'Unverified, Spam? – Lead: Hedy' })
    const [lead] = await pg.sql`select status, staff_decision from leads where id = ${leadId}`
    expect(lead).toEqual({ status: 'spam', staff_decision: 'not-genuine' })
  })

  it('an older decision that arrives late does not undo a newer one; a cleared column changes nothing', async () => {
    const itemId = await reviewItem('Unverified – Lead: Late Larry')
    const leadId = await heldBackLead(itemId)
    const t = Date.now()
    await post(signed, change(itemId, 'Release', { at: t }))
    await work()
    await post(signed, change(itemId, 'Not genuine', { at: t - 60_000 }))
    await post(signed, change(itemId, null, { at: t + 60_000 }))
    expect(await work()).toMatchObject({ claimed: 2, done: 2 })
    expect(await decisionRows()).toEqual([
      { outcome: 'released', status: 'done' },
      { outcome: 'stale', status: 'done' },
      { outcome: 'cleared', status: 'done' },
    ])
    expect(notesOn(itemId)).toEqual([])
    const [lead] = await pg.sql`select staff_decision from leads where id = ${leadId}`
    expect(lead).toEqual({ staff_decision: 'release' })
  })

  it('a decision on an item no record has is recorded and ignored; another column or board is not recorded', async () => {
    const itemId = await reviewItem('Unverified – Lead: Nobody')
    expect((await post(signed, change(itemId, 'Release'))).status).toBe(202)
    const before = board.requests.length
    expect(await work()).toMatchObject({ claimed: 1, done: 1 })
    expect(board.requests.length).toBe(before)
    expect(board.items.get(itemId)).toMatchObject({ groupId: REVIEW })
    expect(await decisionRows()).toEqual([{ outcome: 'unknown-item', status: 'done' }])

    expect(await post(signed, change(itemId, 'Release', { column: 'status' }))).toEqual({ status: 200, body: { ignored: 'column status' } })
    const otherBoard = JSON.parse(change(itemId, 'Release')) as { event: Record<string, unknown> }
    otherBoard.event.boardId = 999
    expect((await post(signed, JSON.stringify(otherBoard))).body).toEqual({ ignored: 'board 999' })
    expect(await decisionRows()).toHaveLength(1)
  })

  it('a move the board refuses is retried, and done once', async () => {
    const itemId = await reviewItem('Unverified – Lead: Retry Rita')
    await heldBackLead(itemId)
    const moves = () => board.requests.filter((request) => request.operation === 'move_item').length
    const before = moves()
    board.fail('move_item', 'http-500')
    await post(signed, change(itemId, 'Release'))
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(board.items.get(itemId)).toMatchObject({ groupId: REVIEW })
    expect(await work()).toMatchObject({ done: 1 })
    expect(board.items.get(itemId)).toMatchObject({ groupId: 'topics', name: 'Lead: Retry Rita' })
    expect(moves() - before).toBe(2)
  })

  it('a move the board keeps refusing fails after its attempts with one ops alert; the decision holds on the record', async () => {
    const itemId = await reviewItem('Unverified – Lead: Refused Rex')
    const leadId = await heldBackLead(itemId)
    board.fail('move_item', 'http-500', 'http-500', 'http-500')
    await post(signed, change(itemId, 'Release'))
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ retrying: 1 })
    expect(await work()).toMatchObject({ failed: 1 })
    expect(await work()).toMatchObject({ claimed: 0 })
    const alerts = channels.webhook.filter((message) => message.text.includes('Board decision not shown on the board: Release'))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.text).toContain('lead-alerts.md#decide-on-the-board')
    const [lead] = await pg.sql`select staff_decision, sales_alerted_at from leads where id = ${leadId}`
    expect(lead).toEqual({ staff_decision: 'release', sales_alerted_at: null })
  })
})
