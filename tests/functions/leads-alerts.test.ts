import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAlerts, RESEND_KEY, type FakeAlerts } from '../support/fake-alerts.mjs'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN, submission, pipelineEnv, untilDelivered } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// Decision 013: alerts, the digest, retry/release and leads-health under Deno, on a real PostgreSQL,
// with a fake board and fake alert channels (webhook and e-mail API) on 127.0.0.1.
const SECRET = 'alerts-test-secret'

let pg: PgCluster
let board: FakeBoard
let channels: FakeAlerts
let leads: DenoFunction
let redeliver: DenoFunction
let health: DenoFunction
let digest: DenoFunction

const env = (): Record<string, string> => ({
  ...pipelineEnv(pg.url, board.url),
  LEADS_BACKOFF_MAX_MS: '100',
  // The inline attempt and one redelivery attempt, then `failed`.
  LEADS_MAX_ATTEMPTS: '2',
  LEADS_RATE_LIMIT: '1000/60',
  RATE_LIMIT_SALT: 'test-salt',
  CRON_SECRET: SECRET,
  ALERT_WEBHOOK_URL: channels.webhookUrl,
  RESEND_API_URL: channels.resendUrl,
  RESEND_API_KEY: RESEND_KEY,
  ALERT_EMAIL_TO: 'sales@agency.test',
  OPS_EMAIL_TO: 'oncall@agency.test',
  ALERT_EMAIL_FROM: 'alerts@agency.test',
  APP_ENV: 'staging',
  // The notifications outbox tries a message again after 200-400 ms here (minutes in production):
  // not within the run that failed, by the next one.
  NOTIFY_BACKOFF_BASE_MS: '400',
  NOTIFY_BACKOFF_MAX_MS: '400',
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let clients = 0
const post = async (body: unknown) =>
  (
    await fetchWithin(leads.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': `10.1.0.${++clients % 250}` },
      body: JSON.stringify(body),
      within: 10_000,
    })
  ).json()

const person = (name = 'Ada Lovelace', guard = { honeypot: '', fillMs: 12_000 }) =>
  submission({
    submissionId: crypto.randomUUID(),
    lead: { locations: '2-10', name, phone: '0422470721', email: 'ada@example.com', business: '1 Analytical St', note: '' },
    guard,
  })

/** One redelivery run, as the cron job makes it (after the lead's short backoff has passed). */
async function run(fn = redeliver): Promise<Record<string, unknown>> {
  await sleep(450)
  // The digest as an operator sends it (`?force=1`), whatever the hour in the agency's zone.
  const res = await fetchWithin(fn === digest ? `${fn.url}?force=1` : fn.url, {
    method: 'POST',
    headers: { 'x-cron-secret': SECRET },
    within: 15_000,
  })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

async function checkHealth(secret = SECRET) {
  const res = await fetchWithin(health.url, { headers: { 'x-cron-secret': secret }, within: 10_000 })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const status = async (submissionId: string) =>
  (await pg.sql<{ status: string }[]>`select status from leads where submission_id = ${submissionId}`)[0]?.status
const asService = <T>(fn: (tx: Parameters<Parameters<PgCluster['asRole']>[1]>[0]) => Promise<T>) => pg.asRole('service_role', fn)
const retryFailed = async () => (await asService((tx) => tx<{ n: number }[]>`select retry_failed_leads() as n`))[0]!.n
const release = async (id: string) => (await asService((tx) => tx<{ s: string | null }[]>`select release_spam_lead(${id}) as s`))[0]!.s

/** A lead stored directly: older than the alert threshold and not due again for an hour. */
async function storeOldPending(name: string, minutesAgo: number) {
  const lead = person(name)
  await pg.sql`
    insert into leads (submission_id, lead, tracking, source, created_at, next_attempt_at, last_error)
    values (${lead.submissionId}, ${pg.sql.json(lead.lead)}, ${pg.sql.json(lead.tracking)}, ${pg.sql.json(lead.source)},
            now() - make_interval(mins => ${minutesAgo}), now() + interval '1 hour', 'timeout: no answer within 400 ms')`
  return lead
}

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board, channels] = await Promise.all([startPgCluster(), startFakeBoard(), startFakeAlerts()])
  ;[leads, redeliver, health, digest] = await Promise.all([
    startFunction('leads', env()),
    startFunction('leads-redeliver', env()),
    startFunction('leads-health', env()),
    startFunction('leads-digest', env()),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([leads?.stop(), redeliver?.stop(), health?.stop(), digest?.stop()])
  await Promise.all([board?.close(), channels?.close()])
  await pg?.stop()
})

beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate leads, lead_alert_state, notifications, lead_digest_days`
  board.refuse(null)
  channels.clear()
  channels.breakChannel('webhook', false)
  channels.breakChannel('email', false)
})

describe('lead alerts (deno, PostgreSQL, fake board and channels)', () => {
  it('the board says "not authenticated": one alert names it and the lead; none again within the hour; after the fix, a retry delivers once and a resolved message goes out', async () => {
    board.refuse('not-authenticated')
    const lead = person()
    expect(await post(lead)).toEqual({ id: lead.submissionId, status: 'queued', verified: true })
    await run()
    expect(await status(lead.submissionId)).toBe('failed')

    expect(channels.webhook).toHaveLength(1)
    const alert = channels.webhook[0]!.text
    expect(alert).toContain('refused the credentials')
    expect(alert).not.toContain('not accessible')
    for (const detail of [
      '[staging] ALERT',
      'Ada Lovelace',
      '<tel:+61422470721|0422 470 721>',
      '<mailto:ada@example.com|ada@example.com>',
      '(/)',
      'Already happened: ',
      'Next step: set a working token',
      'retry_failed_leads()',
      'MONDAY_API_TOKEN',
      'Runbook: docs/lead-alerts.md#board-refused-the-credentials',
    ]) {
      expect(alert).toContain(detail)
    }
    // It meets two conditions (board-auth, failed) and is listed once.
    expect(alert.match(/Ada Lovelace/g)).toHaveLength(1)
    expect(alert).not.toContain('test-token')
    expect(channels.emails).toHaveLength(1)
    // Failures go to the ops address; sales has its own (the digest below).
    expect(channels.emails[0]).toMatchObject({ to: ['oncall@agency.test'], from: 'alerts@agency.test' })
    expect(channels.emails[0]!.subject).toBe('[staging] Lead alert: board refused the credentials, failed leads')
    expect(channels.emails[0]!.text).toContain('ada@example.com')

    await run()
    expect(channels.webhook).toHaveLength(1)
    expect(channels.emails).toHaveLength(1)

    board.refuse(null)
    expect(await retryFailed()).toBe(1)
    await run()
    expect(await status(lead.submissionId)).toBe('delivered')
    expect(board.itemsFor(lead.submissionId)).toBe(1)
    expect(channels.webhook).toHaveLength(2)
    expect(channels.webhook[1]!.text).toContain('RESOLVED: board refused the credentials')
    expect(channels.webhook[1]!.text).toContain('RESOLVED: failed leads')

    // Run twice: nothing more is requeued, delivered or said.
    expect(await retryFailed()).toBe(0)
    await run()
    expect(board.itemsFor(lead.submissionId)).toBe(1)
    expect(channels.webhook).toHaveLength(2)
  }, 30_000)

  it('a board or group it cannot reach is named as such, not as the token', async () => {
    board.refuse('board-not-found')
    const lead = person('Grace Hopper')
    await post(lead)
    await run()
    expect(channels.webhook).toHaveLength(1)
    expect(channels.webhook[0]!.text).toContain('board or group is not accessible')
    expect(channels.webhook[0]!.text).not.toContain('refused the credentials')
    expect(channels.webhook[0]!.text).toContain('Grace Hopper')
  }, 20_000)

  it('a lead past MAX_ATTEMPTS raises the failed alert with its contact details', async () => {
    board.fail('create_item', 'http-500', 'http-500')
    const lead = person('Katherine Johnson')
    await post(lead)
    await run()
    expect(await status(lead.submissionId)).toBe('failed')
    expect(channels.webhook).toHaveLength(1)
    const alert = channels.webhook[0]!.text
    expect(alert).toContain('ALERT: failed leads')
    expect(alert).not.toContain('refused the credentials')
    for (const detail of ['Katherine Johnson', '0422 470 721', '<mailto:ada@example.com|ada@example.com>', 'http 500'])
      expect(alert).toContain(detail)
  }, 20_000)

  it('a pending lead older than ALERT_PENDING_MINUTES raises its alert', async () => {
    await storeOldPending('Dorothy Vaughan', 45)
    await storeOldPending('Mary Jackson', 10)
    await run()
    expect(channels.webhook).toHaveLength(1)
    const alert = channels.webhook[0]!.text
    expect(alert).toContain('ALERT: leads pending too long')
    expect(alert).toContain('longer than 30 min (the oldest for 45 min)')
    expect(alert).toContain('Dorothy Vaughan')
    expect(alert).not.toContain('Mary Jackson')
  }, 20_000)

  it('the digest lists a lead flagged as spam; release_spam_lead delivers it once, however often it is run', async () => {
    // A filled honeypot: a reported fill time no longer flags anything (docs/turnstile.md).
    const lead = person('Hedy Lamarr', { honeypot: 'https://pills.example', fillMs: 12_000 })
    await post(lead)
    expect(await status(lead.submissionId)).toBe('spam')

    expect(await run(digest)).toMatchObject({ digest: { queued: expect.stringMatching(/^digest:forced:/) } })
    // The run may also queue the week's campaign report (weekly-campaigns-deno.test.ts): the digest is one message a channel.
    const digests = <T extends { text: string }>(messages: T[]) =>
      messages.filter((message) => message.text.includes('Leads in the last 24 hours'))
    expect(digests(channels.webhook)).toHaveLength(1)
    expect(digests(channels.emails)).toHaveLength(1)
    const text = digests(channels.webhook)[0]!.text
    expect(text).toContain('Flagged as spam: 1')
    for (const detail of ['Hedy Lamarr', 'honeypot filled', lead.submissionId, 'Give their id to the on-call developer']) {
      expect(text).toContain(detail)
    }
    // The digest is for sales: no commands.
    expect(text).not.toContain('release_spam_lead')
    expect(digests(channels.emails)[0]!.to).toEqual(['sales@agency.test'])
    // By name and reason only: a spam lead's contact details and message stay out of the channel.
    expect(text).not.toContain('0422470721')
    expect(text).not.toContain('ada@example')
    expect(digests(channels.emails)[0]!.subject).toContain('1 flagged as spam')

    expect(await release(lead.submissionId)).toBe('pending')
    expect(await release(lead.submissionId)).toBe('pending')
    await run()
    expect(await status(lead.submissionId)).toBe('delivered')
    expect(await release(lead.submissionId)).toBe('delivered')
    await run()
    expect(board.itemsFor(lead.submissionId)).toBe(1)
    expect(board.callsFor(lead.submissionId, 'create_item')).toBe(1)
    expect(await release(crypto.randomUUID())).toBeNull()
  }, 30_000)

  it('sends no digest on a day with nothing to report', async () => {
    expect(await run(digest)).toMatchObject({ digest: { skipped: 'nothing to report' } })
    // Only the week's campaign report, if this run was the first to queue it.
    const digestsOrAlerts = (messages: { text: string }[]) =>
      messages.filter((message) => !message.text.includes('Which campaigns brought customers'))
    expect(digestsOrAlerts(channels.webhook)).toHaveLength(0)
    expect(digestsOrAlerts(channels.emails)).toHaveLength(0)
  }, 20_000)

  // The fake takes the message and never answers: the channel gives up after its 5 s timeout.
  const leaveFirstUnanswered = (on: 'webhook' | 'email') => {
    let left = false
    channels.failRandomly((name) => (name === on && !left ? ((left = true), 'sent-hang') : undefined))
  }

  /** The outbox's rows of the ops alerts: per channel, what they say and how often an answer was lost. */
  const alertRows = () =>
    pg.sql<{ channel: string; message_key: string; status: string; unanswered: number }[]>`
      select channel, message_key, status, unanswered from notifications where kind = 'lead-alert' order by id`

  it('an alert the chat took without answering: shown once more (a counted resend), and once the condition clears the chat gets its resolution', async () => {
    leaveFirstUnanswered('webhook')
    board.refuse('not-authenticated')
    const lead = person()
    await post(lead)
    await run()
    expect(channels.webhook[0]!.text).toContain('ALERT: board refused the credentials')

    board.refuse(null)
    channels.failRandomly(null)
    expect(await retryFailed()).toBe(1)
    await run()
    expect(await status(lead.submissionId)).toBe('delivered')
    const texts = channels.webhook.map((message) => message.text)
    expect(texts.filter((text) => text.includes('ALERT: board refused the credentials'))).toHaveLength(2)
    expect(texts).toHaveLength(3)
    expect(texts[2]).toContain('RESOLVED: board refused the credentials')
    expect(texts[2]).toContain('RESOLVED: failed leads')
    // The second showing is the resend of a lost answer, and it is counted.
    const rows = await alertRows()
    expect(rows.filter((row) => row.channel === 'webhook').map((row) => [row.status, row.unanswered])).toEqual([
      ['sent', 1],
      ['sent', 0],
    ])
    expect(channels.emails.map((email) => email.subject)).toEqual([
      '[staging] Lead alert: board refused the credentials, failed leads',
      '[staging] Lead alert resolved: board refused the credentials, failed leads',
    ])
  }, 45_000)

  it('an alert e-mail taken without an answer is neither lost nor sent twice: the retry carries the same key, while the chat is told once', async () => {
    leaveFirstUnanswered('email')
    board.refuse('not-authenticated')
    await post(person())
    await run()
    channels.failRandomly(null)
    await run()

    expect(channels.emails).toHaveLength(1)
    // Lead alerts are operational: they go to the ops address.
    const tries = channels.emailRequests.filter((request) => request.to.includes('oncall@agency.test'))
    expect(tries).toHaveLength(2)
    const keys = new Set(tries.map((request) => request.idempotencyKey))
    expect(keys.size).toBe(1)
    expect([...keys][0]).toMatch(/^lead-alert:board-auth@\d+\+failed@\d+$/)
    expect(channels.webhook).toHaveLength(1)
    expect((await alertRows()).find((row) => row.channel === 'email')).toMatchObject({ status: 'sent', unanswered: 1 })
  }, 45_000)

  it('the webhook down: delivery still works, e-mail is told once, and the webhook gets the alert on the next run', async () => {
    channels.breakChannel('webhook')
    const stuck = await storeOldPending('Annie Easley', 50)
    board.fail('create_item', 'http-500')
    const lead = person('Joan Clarke')
    await post(lead)

    const report = await run()
    expect(report).toMatchObject({ delivered: 1, alerts: { raised: ['pending-age'] } })
    expect(await status(lead.submissionId)).toBe('delivered')
    expect(channels.webhook).toHaveLength(0)
    expect(channels.emails).toHaveLength(1)
    // Refused outright (an HTTP answer): tried again later, nothing shown, no resend counted.
    expect((await alertRows()).find((row) => row.channel === 'webhook')).toMatchObject({ status: 'pending', unanswered: 0 })
    expect(redeliver.output()).not.toContain(channels.webhookUrl)

    channels.breakChannel('webhook', false)
    await run()
    expect(channels.webhook).toHaveLength(1)
    expect(channels.webhook[0]!.text).toContain('Annie Easley')
    expect(channels.emails).toHaveLength(1)
    expect(await status(stuck.submissionId)).toBe('pending')
  }, 30_000)
})

describe('leads-health (deno, PostgreSQL)', () => {
  it('401 without the secret', async () => {
    expect((await checkHealth('')).status).toBe(401)
    expect((await checkHealth('guess')).status).toBe(401)
  })

  it('200 when healthy, with the figures', async () => {
    const lead = person()
    await post(lead)
    await post(person('Spam Bot', { honeypot: 'https://pills.example', fillMs: 12_000 }))
    await untilDelivered(pg.sql, lead.submissionId)
    const { status: code, body } = await checkHealth()
    expect(code).toBe(200)
    expect(body).toMatchObject({ pending: 0, oldestPendingMinutes: 0, failed: 0, spamToday: 1, alertsConfigured: true, conditions: [] })
    // The cluster's pg_cron holds the jobs the migrations scheduled (tests/db/cron-jobs.test.ts runs them).
    expect(body.jobs).toEqual({
      'leads-redeliver': 'scheduled',
      'leads-digest': 'scheduled',
      'webhook-events': 'scheduled',
      'leads-retention': 'scheduled',
      'enterprise-followup': 'scheduled',
    })
    expect(Date.now() - Date.parse(String(body.lastDeliveredAt))).toBeLessThan(60_000)
    expect(body.registrations).toEqual({ pending: 0, failed: 0, awaitingPayment: 0, paid: 0, moneyBack: 0 })
  })

  it('503 when a lead has failed, and 200 again once it is retried and delivered', async () => {
    board.refuse('user-unauthorized')
    const lead = person()
    await post(lead)
    await run()
    const failing = await checkHealth()
    expect(failing.status).toBe(503)
    expect(failing.body).toMatchObject({ failed: 1, pending: 0, conditions: expect.arrayContaining(['board-auth', 'failed']) })

    board.refuse(null)
    await retryFailed()
    await run()
    expect((await checkHealth()).status).toBe(200)
  }, 20_000)

  it('503 when the oldest pending lead is older than the threshold, and not before', async () => {
    await storeOldPending('Radia Perlman', 20)
    expect(await checkHealth()).toMatchObject({ status: 200, body: { pending: 1, oldestPendingMinutes: 20 } })
    await pg.sql`update leads set created_at = now() - interval '31 minutes'`
    expect(await checkHealth()).toMatchObject({ status: 503, body: { pending: 1, oldestPendingMinutes: 31, conditions: ['pending-age'] } })
  })
})
