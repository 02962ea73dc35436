// `npm run bench:leads`: a load run, not a timed test. PostgreSQL (throwaway cluster), the fake
// board and the `leads` + `leads-redeliver` functions under Deno; 500 distinct leads posted 50 at a
// time, plus repeats of some submission ids, while the board fails a share of create_item calls
// (500s, 429s, hangs past the timeout). Then redelivery runs until nothing is pending, and the
// board is counted: every accepted lead must be on it exactly once.
// Options: --leads N, --concurrency N, --repeat-share X, --fail-share X, --seed N.
import { parseArgs } from 'node:util'
import { startFunction } from '../tests/support/deno-function.mjs'
import { startFakeBoard } from '../tests/support/fake-board.mjs'
import { startPgCluster } from '../tests/support/pg-cluster.mjs'

const { values: opts } = parseArgs({
  options: {
    leads: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '50' },
    'repeat-share': { type: 'string', default: '0.1' },
    'fail-share': { type: 'string', default: '0.2' },
    seed: { type: 'string', default: '8' },
  },
})
const LEADS = Number(opts.leads)
const CONCURRENCY = Number(opts.concurrency)
const REPEAT_SHARE = Number(opts['repeat-share'])
const FAIL_SHARE = Number(opts['fail-share'])
const REDELIVERY_LIMIT_MS = 180_000
const SECRET = 'bench-secret'
const ORIGIN = 'http://localhost:5173'

// A seeded generator: the same faults on every run.
function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = mulberry32(Number(opts.seed))
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

const lead = (i) => ({
  submissionId: crypto.randomUUID(),
  lead: { locations: '2-10', name: `Bench Lead ${i}`, phone: '0422470721', email: `lead${i}@bench.example`, business: `${i} Load St` },
  tracking: { platform: 'bench', keyword: '' },
  source: { path: '/', label: 'Homepage' },
  guard: { honeypot: '', fillMs: 8_000 + i },
})

const pg = await startPgCluster()
const board = await startFakeBoard()
const injected = { 'http-500': 0, 'rate-limited': 0, hang: 0 }
board.failRandomly(() => {
  const r = random()
  if (r >= FAIL_SHARE) return undefined
  const fault = r < FAIL_SHARE / 3 ? 'http-500' : r < (2 * FAIL_SHARE) / 3 ? 'rate-limited' : 'hang'
  injected[fault]++
  return fault
})
const env = {
  SUPABASE_DB_URL: pg.url,
  MONDAY_API_TOKEN: 'bench-token',
  MONDAY_BOARD_ID: '123',
  MONDAY_API_URL: board.url,
  ALLOWED_ORIGINS: ORIGIN,
  BOARD_TIMEOUT_MS: '1000',
  CLAIM_LEASE_MS: '10000',
  BACKOFF_BASE_MS: '100',
  BACKOFF_MAX_MS: '1000',
  MAX_ATTEMPTS: '100',
  // 50 workers post ~11 leads each in seconds: far past a visitor's limit, which is not under test here.
  LEADS_RATE_LIMIT: '100000/60',
  RATE_LIMIT_SALT: 'bench-salt',
  REDELIVER_SECRET: SECRET,
  REDELIVER_BATCH_SIZE: '200',
  REDELIVER_CONCURRENCY: '3',
}
const [leads, redeliver] = await Promise.all([startFunction('leads', env), startFunction('leads-redeliver', env)])

try {
  const distinct = Array.from({ length: LEADS }, (_, i) => lead(i))
  const posts = [...distinct]
  // Repeats (a browser retrying the same submission) land at random places, some concurrently.
  for (let i = 0; i < Math.round(LEADS * REPEAT_SHARE); i++) {
    posts.splice(Math.floor(random() * posts.length), 0, distinct[Math.floor(random() * LEADS)])
  }

  const accepted = new Set()
  const latencies = []
  const statuses = {}
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (next < posts.length) {
        const body = posts[next++]
        const t0 = performance.now()
        const res = await fetch(leads.url, {
          method: 'POST',
          // Each worker is a different visitor address, as 50 people would be.
          headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': `198.51.100.${worker + 1}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        }).catch((error) => ({ status: `error ${error.name}`, text: async () => '' }))
        await res.text()
        statuses[res.status] = (statuses[res.status] ?? 0) + 1
        if (res.status === 200) {
          latencies.push(performance.now() - t0)
          accepted.add(body.submissionId)
        }
      }
    }),
  )
  const postingSeconds = (performance.now() - started) / 1000

  const redeliveryStarted = performance.now()
  let rounds = 0
  for (;;) {
    const [{ pending }] = await pg.sql`select count(*)::int as pending from leads where status = 'pending'`
    if (pending === 0) break
    if (performance.now() - redeliveryStarted > REDELIVERY_LIMIT_MS) throw new Error(`${pending} leads still pending`)
    await fetch(redeliver.url, { method: 'POST', headers: { 'x-redeliver-secret': SECRET }, signal: AbortSignal.timeout(60_000) })
    rounds++
    await sleep(200)
  }
  const redeliverySeconds = (performance.now() - redeliveryStarted) / 1000

  const rows = await pg.sql`select status, count(*)::int as n from leads group by status`
  const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.n]))
  const onBoard = new Map()
  for (const item of board.items.values()) onBoard.set(item.submissionId, (onBoard.get(item.submissionId) ?? 0) + 1)
  const duplicated = [...onBoard.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0)
  const lost = [...accepted].filter((id) => !onBoard.has(id)).length
  const sorted = latencies.sort((a, b) => a - b)

  const lines = [
    `posted ${posts.length} (${LEADS} distinct + ${posts.length - LEADS} repeats, concurrency ${CONCURRENCY})`,
    `answers ${Object.entries(statuses)
      .map(([status, n]) => `${status}:${n}`)
      .join(' ')}`,
    `board faults injected ${Object.entries(injected)
      .map(([fault, n]) => `${fault}:${n}`)
      .join(' ')} (${Math.round(FAIL_SHARE * 100)}% of create_item)`,
    `accepted ${accepted.size}`,
    `delivered ${byStatus.delivered ?? 0}`,
    `failed ${byStatus.failed ?? 0}`,
    `duplicated ${duplicated}`,
    `lost ${lost}`,
    `throughput ${(accepted.size / postingSeconds).toFixed(1)} leads/s`,
    `p50 accept latency ${Math.round(percentile(sorted, 50))} ms`,
    `p95 accept latency ${Math.round(percentile(sorted, 95))} ms`,
    `redelivery ${rounds} rounds, ${redeliverySeconds.toFixed(1)} s until nothing pending`,
  ]
  console.log(lines.join('\n'))
  if (lost > 0 || duplicated > 0) process.exitCode = 1
} finally {
  await Promise.all([leads.stop(), redeliver.stop()])
  await board.close()
  await pg.stop()
}
