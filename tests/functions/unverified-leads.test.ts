import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, RESEND_KEY, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { FAKE_HOSTNAME, FAKE_SECRET, startFakeSiteverify, type FakeSiteverify } from '../support/fake-siteverify.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { UNVERIFIED_NOTE } from '../../supabase/functions/_shared/board/update-note.ts'
import { loopbackPassesThrough, ORIGIN, pipelineEnv, submission } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Issue 42 point 7, as the outsider did it: tokenless leads through the real leads function (Turnstile
// on, the fake siteverify), then leads-redeliver (which announces new leads, NEW_LEAD_ALERTS=true) and
// leads-digest, on PostgreSQL with every migration, the fake board and the fake alert channels.
const SECRET = 'unverified-leads-secret'
let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let siteverify: FakeSiteverify
let leads: DenoFunction
let redeliver: DenoFunction
let digest: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels, siteverify] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts(), startFakeSiteverify()])
  const env = {
    ...pipelineEnv(pg.url, board.url),
    LEADS_BACKOFF_MAX_MS: '100',
    RATE_LIMIT_SALT: 'test-salt',
    CRON_SECRET: SECRET,
    TURNSTILE_SECRET_KEY: FAKE_SECRET,
    TURNSTILE_VERIFY_URL: siteverify.url,
    TURNSTILE_HOSTNAMES: FAKE_HOSTNAME,
    ALERT_WEBHOOK_URL: channels.webhookUrl,
    RESEND_API_URL: channels.resendUrl,
    RESEND_API_KEY: RESEND_KEY,
    ALERT_EMAIL_TO: 'sales@agency.test',
    ALERT_EMAIL_FROM: 'alerts@agency.test',
    NEW_LEAD_ALERTS: 'true',
    MONDAY_ACCOUNT_SLUG: 'agency',
  }
  ;[leads, redeliver, digest] = await Promise.all([
    startFunction('leads', env),
    startFunction('leads-redeliver', env),
    startFunction('leads-digest', env),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([leads?.stop(), redeliver?.stop(), digest?.stop()])
  await Promise.all([board?.close(), channels?.close(), siteverify?.stop()])
  await pg?.stop()
})

let marks = { requests: 0, notes: 0 }
beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate leads, lead_alert_state, rate_limits`.catch(() => pg.sql`truncate leads, lead_alert_state`)
  await pg.sql`update needs_a_look_summary set sent_at = now() - interval '61 minutes'`
  channels.clear()
  marks = { requests: board.requests.length, notes: board.notes.length }
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const post = (body: unknown, ip: string) =>
  fetchWithin(leads.url, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
    within: 10_000,
  })
const lead = (name: string, guard = { honeypot: '', fillMs: 12_000 }) =>
  submission({
    submissionId: crypto.randomUUID(),
    lead: { locations: '2-10', name, phone: '0422470721', email: 'bot@spam.test', business: '1 Bot St', note: '' },
    guard,
  })
async function call(fn: DenoFunction, query = '') {
  await sleep(150)
  const res = await fetchWithin(`${fn.url}${query}`, {
    method: 'POST',
    headers: { 'x-cron-secret': SECRET },
    within: 15_000,
  })
  return (await res.json()) as Record<string, unknown>
}
/** Redelivery runs until nothing is left to deliver, as the Cron job makes them a minute apart. */
async function runs(count = 3) {
  for (let i = 0; i < count; i++) await call(redeliver)
}

const newLeadMessages = () => [
  ...channels.webhook.filter((message) => message.text.includes('New lead')),
  ...channels.emails.filter((email) => email.subject.includes('New lead')),
]
const creates = () => board.requests.slice(marks.requests).filter((request) => request.operation === 'create_item')
const summaries = () => channels.webhook.filter((message) => message.text.includes('Needs a look'))

describe('Tokenless bots page sales one by one (leads)', () => {
  it('12 tokenless leads from one address: no new-lead message, their items in Needs a look marked Unverified first, one summary', async () => {
    const answers: number[] = []
    for (let i = 0; i < 12; i++) answers.push((await post(lead('Bot Spammer'), '203.0.113.50')).status)
    expect(answers.filter((status) => status === 200)).toHaveLength(10)
    await runs()

    expect(newLeadMessages()).toEqual([])
    const items = creates()
    expect(items).toHaveLength(10)
    for (const item of items) expect(item.variables).toMatchObject({ groupId: 'needs_a_look', itemName: 'Unverified – Lead: Bot Spammer' })
    const notes = board.notes.slice(marks.notes)
    expect(notes).toHaveLength(10)
    for (const note of notes) expect(note.body.startsWith(`<p><strong>${UNVERIFIED_NOTE}</strong></p>`)).toBe(true)

    expect(summaries()).toHaveLength(1)
    expect(summaries()[0]!.text).toContain('Needs a look: 10 new')
    expect(summaries()[0]!.text).toContain('10 unverified leads')
    expect(summaries()[0]!.text).not.toContain('Bot Spammer')

    // A genuine visitor still pages sales at once, from its own group.
    const genuine = lead('Ada Lovelace')
    await post({ ...genuine, turnstileToken: siteverify.issue({ action: 'lead', ageMs: 10_000 }) }, '198.51.100.60')
    await runs(1)
    expect(newLeadMessages()).toHaveLength(2)
    expect(channels.webhook.find((message) => message.text.includes('New lead'))!.text.split('\n')[0]).toBe('*New lead: Ada Lovelace*')
    expect(creates().at(-1)?.variables).toMatchObject({ groupId: 'topics', itemName: 'Lead: Ada Lovelace' })
    expect(summaries()).toHaveLength(1)
  }, 120_000)

  it("a lead released on the board pages sales once, saying Unverified first; 'Not genuine' pages nobody", async () => {
    const [released, refused] = [lead('Grace Hopper'), lead('Bot Two')]
    await post(released, '203.0.113.51')
    await post(refused, '203.0.113.52')
    await runs(2)
    expect(newLeadMessages()).toEqual([])
    await pg.sql`update leads set staff_decision = 'release', staff_decided_at = now() where submission_id = ${released.submissionId}`
    await pg.sql`update leads set staff_decision = 'not-genuine', staff_decided_at = now() where submission_id = ${refused.submissionId}`
    await runs(2)
    const messages = channels.webhook.filter((message) => message.text.includes('New lead'))
    expect(messages).toHaveLength(1)
    expect(messages[0]!.text.split('\n')[0]).toBe('*Unverified (released on the board): New lead: Grace Hopper*')
    expect(messages[0]!.text).toContain('<https://agency.monday.com/boards/123/pulses/')
  }, 60_000)
})

describe('a lead flagged as spam', () => {
  it('reaches Needs a look once, pages nobody, stays spam; released, it is delivered on its item and pages once', async () => {
    const spam = lead('Hedy Lamarr', { honeypot: 'https://pills.example', fillMs: 12_000 })
    await post({ ...spam, turnstileToken: siteverify.issue({ action: 'lead', ageMs: 10_000 }) }, '198.51.100.61')
    await runs(2)
    expect(creates().map((item) => item.variables)).toMatchObject([{ groupId: 'needs_a_look', itemName: 'Spam? – Lead: Hedy Lamarr' }])
    expect(board.notes.slice(marks.notes)[0]?.body).toMatch(/^<p><strong>Spam\?: flagged as spam when it came in \(honeypot\)/)
    const [row] = await pg.sql<{ status: string; board_item_id: string }[]>`
      select status, board_item_id from leads where submission_id = ${spam.submissionId}`
    expect(row?.status).toBe('spam')
    expect(newLeadMessages()).toEqual([])
    expect(summaries()[0]?.text).toContain('1 leads flagged as spam')

    await pg.asRole('service_role', (tx) => tx`select release_spam_lead(${spam.submissionId})`)
    await runs(2)
    expect(creates()).toHaveLength(1)
    const [after] = await pg.sql<{ status: string; board_item_id: string }[]>`
      select status, board_item_id from leads where submission_id = ${spam.submissionId}`
    expect(after).toEqual({ status: 'delivered', board_item_id: row!.board_item_id })
    expect(channels.webhook.filter((message) => message.text.includes('New lead'))).toHaveLength(1)
  }, 60_000)
})

describe('the daily digest', () => {
  it('counts what needs a look and names an unverified lead as unverified first', async () => {
    await post(lead('Bot Three'), '203.0.113.53')
    await post(lead('Hedy Spam', { honeypot: 'x', fillMs: 12_000 }), '203.0.113.54')
    await runs(1)
    channels.clear()
    expect(await call(digest, '?force=1')).toMatchObject({ digest: { queued: expect.stringMatching(/^digest:forced:/) } })
    const text = channels.webhook[0]!.text
    expect(text).toContain('*Needs a look: 2*')
    expect(text).toContain('- 1 unverified leads')
    expect(text).toContain('- 1 leads flagged as spam')
    expect(text).toContain('- Unverified: Bot Three')
    expect(text).toContain('- Unverified: Hedy Spam, reason: honeypot filled')
  }, 60_000)
})
