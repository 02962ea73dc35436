// `npm run bench:leads`: a load run, not a timed test. PostgreSQL (throwaway cluster), the fake
// board and the `leads` + `leads-redeliver` functions under Deno; 500 distinct leads posted 50 at a
// time, plus repeats of some submission ids, while the board fails a share of create_item calls
// (500s, 429s, hangs past the timeout), and takes a share of item and note calls, does them, then
// never answers or drops the connection (taken, then unanswered: --unanswered-share). Then
// redelivery runs until nothing is pending, and the board is counted per channel (items, notes):
// every accepted lead must be on it exactly once, lost and duplicated printed with the answers lost.
// Then the auth-outage run: the board refuses the token for the first half of the leads (they fail
// after LEADS_MAX_ATTEMPTS=2), the token is fixed, `retry_failed_leads()` and redelivery send them, and
// Cron's next runs go on until one sends no alert (a message whose answer was lost goes again on the
// next run, as in production, where Cron calls every minute); every lead must be on the board once, and the alert and its resolutions must reach the chat webhook and
// e-mail (Resend) while both take a share of messages and leave them unanswered: no e-mail twice,
// and each chat resend traced to a lost answer.
// Then the latency run: the same leads against an instant, healthy board and against one that takes
// 800 ms per call and fails 20% of them. The visitor's answer must not wait for the board: the p95
// accept latencies are printed side by side with their ratio (target: at most 1.2), and both
// boards must end with every lead exactly once. It runs at --latency-concurrency (10 visitors at
// once): at 50, three PostgreSQL connections per function queue the answers, and on a shared
// machine that queue, not the board, decides the p95 of either side.
// Options: --leads N (or --count N), --concurrency N, --latency-concurrency N, --repeat-share X, --fail-share X,
// --unanswered-share X, --alerts-unanswered-share X, --seed N, --run faults|auth|latency|all.
import { parseArgs } from 'node:util'
import { startFunction } from '../tests/support/deno-function.mjs'
import { RESEND_KEY, startFakeAlerts } from '../tests/support/fake-alerts.mjs'
import { startFakeBoard } from '../tests/support/fake-board.mjs'
import { startPgCluster } from '../tests/support/pg-cluster.mjs'
import { channelReport, chatReport, list, lostByKind, mulberry32, percentile, sleep } from './bench/load-run.mjs'
import { fetchWithin } from './fetch-within.mjs'

const { values: opts } = parseArgs({
  options: {
    leads: { type: 'string', default: '500' },
    count: { type: 'string' },
    concurrency: { type: 'string', default: '50' },
    'latency-concurrency': { type: 'string', default: '10' },
    'repeat-share': { type: 'string', default: '0.1' },
    'fail-share': { type: 'string', default: '0.2' },
    'unanswered-share': { type: 'string', default: '0.1' },
    'alerts-unanswered-share': { type: 'string', default: '0.5' },
    seed: { type: 'string', default: '8' },
    run: { type: 'string', default: 'all' },
  },
})
const RUNS = opts.run === 'all' ? ['faults', 'auth', 'latency'] : [opts.run]
const SLOW_BOARD_MS = 800
const MAX_ACCEPT_RATIO = 1.2
const LEADS = Number(opts.count ?? opts.leads)
const CONCURRENCY = Number(opts.concurrency)
const LATENCY_CONCURRENCY = Number(opts['latency-concurrency'])
const REPEAT_SHARE = Number(opts['repeat-share'])
const FAIL_SHARE = Number(opts['fail-share'])
const UNANSWERED_SHARE = Number(opts['unanswered-share'])
// A run sends a handful of alert messages, so their share is higher: some are lost on every run.
const ALERTS_UNANSWERED_SHARE = Number(opts['alerts-unanswered-share'])
const REDELIVERY_LIMIT_MS = 180_000
const SECRET = 'bench-secret'
const ORIGIN = 'http://localhost:5173'

const random = mulberry32(Number(opts.seed))

const lead = (i) => ({
  submissionId: crypto.randomUUID(),
  lead: { locations: '2-10', name: `Bench Lead ${i}`, phone: '0422470721', email: `lead${i}@bench.example`, business: `${i} Load St` },
  tracking: { platform: 'bench', keyword: '' },
  source: { path: '/', label: 'Homepage' },
  guard: { honeypot: '', fillMs: 8_000 + i },
})

const pg = await startPgCluster()
const board = await startFakeBoard()
const alerts = await startFakeAlerts()
const injected = { 'http-500': 0, 'rate-limited': 0, hang: 0 }
const faults = (counted = injected) => {
  const r = random()
  if (r >= FAIL_SHARE) return undefined
  const fault = r < FAIL_SHARE / 3 ? 'http-500' : r < (2 * FAIL_SHARE) / 3 ? 'rate-limited' : 'hang'
  counted[fault]++
  return fault
}
const env = {
  SUPABASE_DB_URL: pg.url,
  MONDAY_API_TOKEN: 'bench-token',
  MONDAY_BOARD_ID: '123',
  MONDAY_API_URL: board.url,
  ALLOWED_ORIGINS: ORIGIN,
  BOARD_TIMEOUT_MS: '1000',
  LEADS_LEASE_MS: '10000',
  LEADS_BACKOFF_BASE_MS: '100',
  LEADS_BACKOFF_MAX_MS: '1000',
  LEADS_MAX_ATTEMPTS: '100',
  // The alerts go through the notifications outbox: its retries come as fast as the leads' here.
  NOTIFY_LEASE_MS: '10000',
  NOTIFY_BACKOFF_BASE_MS: '100',
  NOTIFY_BACKOFF_MAX_MS: '1000',
  // 50 workers post ~11 leads each in seconds: far past a visitor's limit, which is not under test here.
  LEADS_RATE_LIMIT: '100000/60',
  RATE_LIMIT_SALT: 'bench-salt',
  CRON_SECRET: SECRET,
  REDELIVER_BATCH_SIZE: '200',
  REDELIVER_CONCURRENCY: '3',
  ALERT_WEBHOOK_URL: alerts.webhookUrl,
  RESEND_API_URL: alerts.resendUrl,
  RESEND_API_KEY: RESEND_KEY,
  ALERT_EMAIL_TO: 'ops@bench.example',
  ALERT_EMAIL_FROM: 'alerts@bench.example',
}
const functions = []
const start = async (name, overrides = {}) => {
  const fn = await startFunction(name, { ...env, ...overrides })
  functions.push(fn)
  return fn
}

/**
 * Posts every body from `concurrency` workers (each its own visitor address); answers by status.
 * `url` may pick a function per post (by index); `latencyBy` holds each URL's accept latencies.
 */
async function postAll(url, posts, concurrency = CONCURRENCY) {
  const accepted = new Set()
  const latencies = []
  const latencyBy = {}
  const statuses = {}
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < posts.length) {
        const index = next++
        const body = posts[index]
        const target = typeof url === 'function' ? url(index) : url
        const t0 = performance.now()
        const res = await fetchWithin(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': `198.51.100.${worker + 1}` },
          body: JSON.stringify(body),
          within: 30_000,
        }).catch((error) => ({ status: `error ${error.name}`, text: async () => '' }))
        await res.text()
        statuses[res.status] = (statuses[res.status] ?? 0) + 1
        if (res.status === 200) {
          const ms = performance.now() - t0
          latencies.push(ms)
          ;(latencyBy[target] ??= []).push(ms)
          accepted.add(body.submissionId)
        }
      }
    }),
  )
  return { accepted, latencies, latencyBy, statuses, seconds: (performance.now() - started) / 1000 }
}

/** Calls redelivery as the cron job does until no lead is pending; rounds and seconds. */
async function redeliverUntilSettled(url) {
  const started = performance.now()
  let rounds = 0
  for (;;) {
    const [{ pending }] = await pg.sql`select count(*)::int as pending from leads where status = 'pending'`
    if (pending === 0) break
    if (performance.now() - started > REDELIVERY_LIMIT_MS) throw new Error(`${pending} leads still pending`)
    await fetchWithin(url, { method: 'POST', headers: { 'x-cron-secret': SECRET }, within: 60_000 })
    rounds++
    await sleep(200)
  }
  return { rounds, seconds: (performance.now() - started) / 1000 }
}

/**
 * Cron calls redelivery every minute whether or not a lead is pending, and each call runs the
 * alerts: a message whose answer was lost is sent again on the next one. Calls until one sends
 * nothing (at most `limit`); answers how many were made.
 */
async function alertRunsUntilQuiet(url, limit = 10) {
  const sent = () => alerts.webhook.length + alerts.emailRequests.length
  for (let runs = 1; runs <= limit; runs++) {
    const before = sent()
    await fetchWithin(url, { method: 'POST', headers: { 'x-cron-secret': SECRET }, within: 60_000 })
    if (sent() === before) return runs
  }
  return limit
}

/** The board's channels among `ids` (items, notes): every accepted lead exactly once on each. */
function boardChannels(ids, accepted) {
  const ours = (id) => ids.has(id)
  const lost = (operation) => board.lostAnswers.filter((answer) => answer.operation === operation && ours(answer.submissionId)).length
  return [
    channelReport('board items', accepted, [...board.items.values()].map((item) => item.submissionId).filter(ours), lost('create_item')),
    channelReport(
      'board notes',
      accepted,
      board.notes.map((note) => board.items.get(note.itemId)?.submissionId).filter(ours),
      lost('create_update'),
    ),
  ]
}

const takenUnanswered = (alertShare = UNANSWERED_SHARE) =>
  `taken, then unanswered (${Math.round(UNANSWERED_SHARE * 100)}% of board calls, ${Math.round(alertShare * 100)}% of alert messages): board ${lostByKind(board.lostAnswers, (lost) => lost.operation)}; chat and e-mail ${lostByKind(alerts.lostAnswers, (lost) => (lost.channel === 'webhook' ? 'chat' : 'e-mail'))}`

/** The runbook's command, as the service role (the SQL editor) runs it. */
const retryFailed = () => pg.asRole('service_role', (tx) => tx`select retry_failed_leads() as n`)

const byStatus = async () =>
  Object.fromEntries((await pg.sql`select status, count(*)::int as n from leads group by status`).map((row) => [row.status, row.n]))
async function faultsRun() {
  board.failRandomly(() => faults())
  board.unanswered({ share: UNANSWERED_SHARE, random })
  const [leads, redeliver] = await Promise.all([start('leads'), start('leads-redeliver')])
  const distinct = Array.from({ length: LEADS }, (_, i) => lead(i))
  const posts = [...distinct]
  // Repeats (a browser retrying the same submission) land at random places, some concurrently.
  for (let i = 0; i < Math.round(LEADS * REPEAT_SHARE); i++) {
    posts.splice(Math.floor(random() * posts.length), 0, distinct[Math.floor(random() * LEADS)])
  }
  const { accepted, latencies, statuses, seconds } = await postAll(leads.url, posts)
  const redelivery = await redeliverUntilSettled(redeliver.url)
  await board.quiet()
  board.failRandomly(null)
  board.unanswered(null)

  const statusCounts = await byStatus()
  const channels = boardChannels(new Set(distinct.map((l) => l.submissionId)), accepted)
  const sorted = latencies.sort((a, b) => a - b)
  console.log(
    [
      `posted ${posts.length} (${LEADS} distinct + ${posts.length - LEADS} repeats, concurrency ${CONCURRENCY})`,
      `answers ${list(statuses)}`,
      `board faults injected ${list(injected)} (${Math.round(FAIL_SHARE * 100)}% of create_item)`,
      takenUnanswered(),
      `accepted ${accepted.size}`,
      `delivered ${statusCounts.delivered ?? 0}`,
      `failed ${statusCounts.failed ?? 0}`,
      ...channels.map((c) => c.line),
      `throughput ${(accepted.size / seconds).toFixed(1)} leads/s`,
      `p50 accept latency ${Math.round(percentile(sorted, 50))} ms`,
      `p95 accept latency ${Math.round(percentile(sorted, 95))} ms`,
      `redelivery ${redelivery.rounds} rounds, ${redelivery.seconds.toFixed(1)} s until nothing pending`,
    ].join('\n'),
  )
  return channels.every((c) => c.ok)
}

async function authOutageRun() {
  await pg.sql`truncate leads, lead_alert_state`
  alerts.clear()
  // The inline attempt and one redelivery attempt, then `failed`: what a revoked token does to every lead in ~3.5 h.
  const [leads, redeliver] = await Promise.all([
    start('leads', { LEADS_MAX_ATTEMPTS: '2' }),
    start('leads-redeliver', { LEADS_MAX_ATTEMPTS: '2' }),
  ])
  const distinct = Array.from({ length: LEADS }, (_, i) => lead(LEADS + i))
  const half = Math.floor(LEADS / 2)
  board.lostAnswers.length = 0
  board.unanswered({ share: UNANSWERED_SHARE, random })
  alerts.unanswered({ share: ALERTS_UNANSWERED_SHARE, random })

  board.refuse('not-authenticated')
  const first = await postAll(leads.url, distinct.slice(0, half))
  const outage = await redeliverUntilSettled(redeliver.url)
  const failed = (await byStatus()).failed ?? 0
  const alertsDuringOutage = alerts.webhook.filter((message) => message.text.includes('ALERT:')).length

  board.refuse(null)
  const second = await postAll(leads.url, distinct.slice(half))
  const [{ n: requeued }] = await retryFailed()
  const recovery = await redeliverUntilSettled(redeliver.url)
  const [{ n: again }] = await retryFailed()
  await redeliverUntilSettled(redeliver.url)
  const quietAfter = await alertRunsUntilQuiet(redeliver.url)
  await board.quiet()
  board.unanswered(null)
  alerts.unanswered(null)

  const accepted = new Set([...first.accepted, ...second.accepted])
  const statusCounts = await byStatus()
  // An alert is known by its headings ('ALERT: board refused the credentials', 'RESOLVED: failed leads'):
  // each must reach the chat and e-mail once; a message's counts may change between runs, they may not.
  const headings = (text = '') => text.match(/(ALERT|RESOLVED): [a-z ]+[a-z]/g) ?? []
  const emails = alerts.emails.filter((email) => email.to.includes('ops@bench.example'))
  const chatHeadings = alerts.webhook.flatMap((message) => headings(message.text))
  const emailHeadings = emails.flatMap((email) => headings(email.text))
  const expected = new Set([...chatHeadings, ...emailHeadings])
  const lostOn = (channel) => alerts.lostAnswers.filter((lost) => lost.channel === channel)
  const channels = [
    ...boardChannels(new Set(distinct.map((l) => l.submissionId)), accepted),
    chatReport(
      'chat: lead alerts (webhook)',
      expected,
      chatHeadings,
      lostOn('webhook').flatMap((lost) => headings(lost.text)),
    ),
    channelReport('e-mail: lead alerts', expected, emailHeadings, lostOn('email').length),
  ]
  const alertsSent = [...expected].filter((heading) => heading.startsWith('ALERT:')).length
  const resolved = [...expected].filter((heading) => heading.startsWith('RESOLVED:')).length
  console.log(
    [
      '',
      `auth outage: board refused the token for the first ${half} of ${LEADS} leads`,
      `answers ${list(first.statuses)} while refused, ${list(second.statuses)} after the fix`,
      `failed after LEADS_MAX_ATTEMPTS=2 ${failed} (${outage.rounds} redelivery rounds while refused)`,
      `retry_failed_leads() requeued ${requeued}, a second call ${again}`,
      takenUnanswered(ALERTS_UNANSWERED_SHARE),
      `accepted ${accepted.size}`,
      `delivered ${statusCounts.delivered ?? 0}`,
      ...channels.map((c) => c.line),
      `alerts raised ${alertsSent} (chat messages with an alert during the outage ${alertsDuringOutage}), resolutions ${resolved}`,
      `recovery ${recovery.rounds} rounds, ${recovery.seconds.toFixed(1)} s until nothing pending, then ${quietAfter} Cron runs until one sent no alert`,
    ].join('\n'),
  )
  return channels.every((c) => c.ok) && alertsSent >= 1
}

/**
 * Two `leads` functions at once, one on the board's own URL (instant, healthy), one on its slow URL
 * (SLOW_BOARD_MS a call, FAIL_SHARE of create_item failing), the posts alternating between them so
 * that both meet the same machine load. Redelivery then settles every lead; the board counts them.
 */
async function latencyRun() {
  await pg.sql`truncate leads`
  const slowFaults = { 'http-500': 0, 'rate-limited': 0, hang: 0 }
  const slowUrl = board.slowUrl({ latencyMs: SLOW_BOARD_MS, pick: () => faults(slowFaults) })
  const [healthy, slow, redeliver] = await Promise.all([
    start('leads'),
    start('leads', { MONDAY_API_URL: slowUrl }),
    start('leads-redeliver'),
  ])
  const distinct = Array.from({ length: 2 * LEADS }, (_, i) => lead(3 * LEADS + i))
  const pick = (index) => (index % 2 === 0 ? healthy.url : slow.url)
  // A fresh Deno process compiles and connects on its first requests: those are not timed.
  const warm = await postAll(pick, distinct.slice(0, 2 * LATENCY_CONCURRENCY), LATENCY_CONCURRENCY)
  const timed = await postAll(pick, distinct.slice(2 * LATENCY_CONCURRENCY), LATENCY_CONCURRENCY)
  const redelivery = await redeliverUntilSettled(redeliver.url)
  await board.quiet()
  board.slowUrl(null)

  const accepted = new Set([...warm.accepted, ...timed.accepted])
  const channels = boardChannels(new Set(distinct.map((l) => l.submissionId)), accepted)
  const p95 = (url) =>
    percentile(
      [...(timed.latencyBy[url] ?? [])].sort((a, b) => a - b),
      95,
    )
  const p50 = (url) =>
    percentile(
      [...(timed.latencyBy[url] ?? [])].sort((a, b) => a - b),
      50,
    )
  const ratio = p95(slow.url) / p95(healthy.url)
  console.log(
    [
      '',
      `accept latency: ${LEADS} leads to each of two leads functions, posts alternating, ${LATENCY_CONCURRENCY} visitors at once (the first ${2 * LATENCY_CONCURRENCY} posts not timed)`,
      `answers ${list(warm.statuses)} warming up, ${list(timed.statuses)} timed`,
      `healthy board (instant): p50 ${Math.round(p50(healthy.url))} ms, p95 ${Math.round(p95(healthy.url))} ms`,
      `slow board (${SLOW_BOARD_MS} ms a call, faults ${list(slowFaults)} of create_item): p50 ${Math.round(p50(slow.url))} ms, p95 ${Math.round(p95(slow.url))} ms`,
      `accept p95 ratio (slow board / healthy board): ${ratio.toFixed(2)}`,
      `accepted ${accepted.size}`,
      ...channels.map((c) => c.line),
      `redelivery ${redelivery.rounds} rounds, ${redelivery.seconds.toFixed(1)} s until nothing pending`,
    ].join('\n'),
  )
  return channels.every((c) => c.ok) && ratio <= MAX_ACCEPT_RATIO
}

try {
  let ok = true
  if (RUNS.includes('faults')) ok = (await faultsRun()) && ok
  if (RUNS.includes('auth')) ok = (await authOutageRun()) && ok
  if (RUNS.includes('latency')) ok = (await latencyRun()) && ok
  if (!ok) process.exitCode = 1
} finally {
  await Promise.all(functions.map((fn) => fn.stop()))
  await Promise.all([board.close(), alerts.close()])
  await pg.stop()
}
