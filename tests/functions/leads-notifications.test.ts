import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, RESEND_KEY, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN, submission, pipelineEnv, untilDelivered } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Issue 43 point 1, the leads side: every message to staff (new lead, ops condition, 'Needs a look'
// summary, digest) is queued in the transaction of its change and sent by the notifications outbox.
// Under Deno on a real PostgreSQL with the fake board and channels, a worker killed mid-send or a
// first try that fails loses nothing and doubles nothing on e-mail; a chat resend is counted.
const SECRET = 'notify-leads-secret'

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let leads: DenoFunction
let redeliver: DenoFunction
let digest: DenoFunction

// A zone where it is now past the digest's 07:00 and before midnight, so the scheduled path runs.
const MORNING_ZONE = [
  'Pacific/Kiritimati',
  'Pacific/Auckland',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Europe/London',
  'America/New_York',
  'Pacific/Honolulu',
]
  .map((zone) => ({
    zone,
    hour: Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date())),
  }))
  .find(({ hour }) => hour >= 8 && hour <= 22)!.zone

const env = (): Record<string, string> => ({
  ...pipelineEnv(pg.url, board.url),
  LEADS_RATE_LIMIT: '1000/60',
  RATE_LIMIT_SALT: 'test-salt',
  CRON_SECRET: SECRET,
  NEW_LEAD_ALERTS: 'true',
  ALERT_WEBHOOK_URL: channels.webhookUrl,
  RESEND_API_URL: channels.resendUrl,
  RESEND_API_KEY: RESEND_KEY,
  ALERT_EMAIL_TO: 'sales@agency.test',
  OPS_EMAIL_TO: 'oncall@agency.test',
  ALERT_EMAIL_FROM: 'alerts@agency.test',
  AGENCY_TIME_ZONE: MORNING_ZONE,
  // A killed run's claim lapses within a second; a failed try is due again 200-400 ms later.
  NOTIFY_LEASE_MS: '1000',
  NOTIFY_BACKOFF_BASE_MS: '400',
  NOTIFY_BACKOFF_MAX_MS: '400',
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let clients = 0
const post = async (body: unknown) =>
  fetchWithin(leads.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': `10.2.0.${++clients % 250}` },
    body: JSON.stringify(body),
    within: 10_000,
  }).then((res) => res.json())

const person = (name: string, guard = { honeypot: '', fillMs: 12_000 }) =>
  submission({
    submissionId: crypto.randomUUID(),
    lead: { locations: '2-10', name, phone: '0422470721', email: 'ada@example.com', business: '1 Analytical St', note: '' },
    guard,
  })

const call = (fn: DenoFunction) => fetchWithin(fn.url, { method: 'POST', headers: { 'x-cron-secret': SECRET }, within: 20_000 })
/** One Cron run of a function, after a failed try's short backoff has passed. */
async function run(fn = redeliver): Promise<Record<string, unknown>> {
  await sleep(450)
  const res = await call(fn)
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

const rows = (key: string) =>
  pg.sql<{ channel: string; status: string; unanswered: number }[]>`
    select channel, status, unanswered from notifications where message_key like ${key} order by channel`

/** The first message on `channel` meets `fault`; every later one goes through. */
function firstTry(faults: Partial<Record<'webhook' | 'email', string>>, onFault?: (channel: string) => void) {
  const seen = new Set<string>()
  channels.failRandomly((channel) => {
    if (!faults[channel] || seen.has(channel)) return undefined
    seen.add(channel)
    onFault?.(channel)
    return faults[channel] as 'sent-hang' | 'hang' | 'http-500'
  })
}

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
  ;[leads, redeliver, digest] = await Promise.all([
    startFunction('leads', env()),
    startFunction('leads-redeliver', env()),
    startFunction('leads-digest', env()),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([leads?.stop(), redeliver?.stop(), digest?.stop()])
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate leads, lead_alert_state, notifications, lead_digest_days`
  // Nothing new since the last summary, unless a test says otherwise.
  await pg.sql`update needs_a_look_summary set sent_at = now()`
  channels.failRandomly(null)
  channels.clear()
})

describe('the leads side through the notifications outbox (deno, PostgreSQL, fakes)', () => {
  it('a worker killed right after the lead is marked announced: the new-lead message still reaches e-mail once and chat, its resend counted', async () => {
    const lead = person('Ada Lovelace')
    expect(await post(lead)).toMatchObject({ status: 'queued' })
    await untilDelivered(pg.sql, lead.submissionId)
    // The chat takes the message and never answers (its 5 s timeout); the e-mail call hangs, and the
    // worker is killed there. ('sent-lost', a dropped connection, is retried inside Deno's fetch.)
    let hanging: () => void = () => {}
    const emailHangs = new Promise<void>((resolve) => (hanging = resolve))
    firstTry({ webhook: 'sent-hang', email: 'hang' }, (channel) => channel === 'email' && hanging())
    const killed = call(redeliver).catch(() => undefined)
    await emailHangs
    await redeliver.kill()
    await killed
    const [marked] = await pg.sql`select sales_alerted_at is not null as told from leads where submission_id = ${lead.submissionId}`
    expect(marked).toEqual({ told: true })

    redeliver = await startFunction('leads-redeliver', env())
    await sleep(1_000)
    await run()
    await run()
    const newLead = (text: string) => text.includes('New lead: Ada Lovelace')
    expect(channels.emails.filter((email) => newLead(email.text))).toHaveLength(1)
    expect(channels.emails[0]).toMatchObject({ to: ['sales@agency.test'], idempotencyKey: `new-lead:${lead.submissionId}` })
    expect(channels.webhook.filter((message) => newLead(message.text)).length).toBeGreaterThanOrEqual(1)
    expect(await rows(`new-lead:${lead.submissionId}`)).toEqual([
      { channel: 'email', status: 'sent', unanswered: 0 },
      { channel: 'webhook', status: 'sent', unanswered: 1 },
    ])
  }, 60_000)

  it("the 'Needs a look' summary whose first try failed on chat is sent once on each channel", async () => {
    await pg.sql`update needs_a_look_summary set sent_at = now() - interval '61 minutes'`
    expect(await post(person('Spam Bot', { honeypot: 'https://pills.example', fillMs: 12_000 }))).toMatchObject({ status: 'queued' })
    firstTry({ webhook: 'http-500' })
    await run()
    await run()
    await run()
    const summary = (text: string) => text.includes('Needs a look: 1 new')
    expect(channels.webhook.filter((message) => summary(message.text))).toHaveLength(1)
    expect(channels.emails.filter((email) => summary(email.text))).toHaveLength(1)
    expect(await rows('needs-a-look:%')).toEqual([
      { channel: 'email', status: 'sent', unanswered: 0 },
      { channel: 'webhook', status: 'sent', unanswered: 0 },
    ])
  }, 30_000)

  it("the day's digest whose first try failed on e-mail is sent once on each channel, and the day is not made twice", async () => {
    expect(await post(person('Hedy Lamarr', { honeypot: 'https://pills.example', fillMs: 12_000 }))).toMatchObject({ status: 'queued' })
    firstTry({ email: 'http-500' })
    expect(await run(digest)).toMatchObject({ digest: { queued: expect.stringMatching(/^digest:\d{4}-\d{2}-\d{2}$/) } })
    expect(await run(digest)).toMatchObject({ digest: { skipped: 'already sent today' } })
    await run()
    const digests = (text: string) => text.includes('Flagged as spam: 1')
    expect(channels.webhook.filter((message) => digests(message.text))).toHaveLength(1)
    expect(channels.emails.filter((email) => digests(email.text))).toHaveLength(1)
    expect(channels.emails[0]!.to).toEqual(['sales@agency.test'])
    expect(await pg.sql`select figures ->> 'spam' as spam from lead_digest_days`).toEqual([{ spam: '1' }])
  }, 30_000)
})
