// How the crash bench runs the workers. Under faults: each worker is called again and again as
// Cron calls it, and a seeded draw per run decides where SIGKILL lands in it: at a moment (a fraction
// of how long its last whole run took), or right after the fakes took its k-th call, before it has
// the answer (k drawn over the calls its last whole run made), or nowhere. The killed process is
// replaced at once. The fakes take a share of calls and never answer them. Then cleanly: no kills, every answer given, the
// three workers and the registrants again and again until nothing changes for longer than a
// claim's lease and the longest backoff (what a killed run left claimed is due again by then).
import { sleep } from './load-run.mjs'
import { BACKOFF_MAX_MS, CRON_SECRET, LEASE_MS, WORKERS } from './crash-stack.mjs'
import { registrantsAct } from './crash-actors.mjs'
import { fetchWithin } from '../fetch-within.mjs'

// Of the runs: killed at a moment, killed right after a call (the rest run whole).
const TIMED_SHARE = 0.35
const AT_CALL_SHARE = 0.35
// How long a worker's first run is taken to last, until one has been timed.
const FIRST_GUESS_MS = 3_000
const FIRST_GUESS_CALLS = 10
const QUIET_MS = LEASE_MS + BACKOFF_MAX_MS + 2_000

const callWorker = (fn) =>
  fetchWithin(fn.url, { method: 'POST', headers: { 'x-cron-secret': CRON_SECRET }, within: 60_000 })
    .then(async (res) => ({ status: res.status, body: await res.text() }))
    // Reading the answer can time out too, once the call has answered.
    .catch((error) => ({ status: 0, body: String(error) }))

/**
 * Calls and kills each worker while `arrive()` (the visitors) goes on, then until its share of
 * `kills` (a third each) has landed mid-run, or `limitMs` passed; their tallies. A kill lands at a
 * seeded fraction of the worker's last whole run.
 */
/** The text of a chat webhook's JSON body (`{ text }`); undefined for any other call. */
function chatText(body) {
  try {
    const text = JSON.parse(body)?.text
    return typeof text === 'string' ? text : undefined
  } catch {
    return undefined
  }
}

export async function underFaults(stack, { kills, dropRate, randoms, registrants, limitMs, arrive }) {
  const share = { share: dropRate }
  stack.board.unanswered({ ...share, random: randoms.board })
  stack.alerts.unanswered({ ...share, random: randoms.alerts })
  stack.stripe.unanswered({ ...share, random: randoms.stripe })
  const tally = Object.fromEntries(WORKERS.map((name) => [name, { runs: 0, killed: 0, atCall: 0, missed: 0 }]))
  // Each killed run's stretch of the chat's messages: one sent in it may go again (its send never recorded).
  const killWindows = []
  const quota = Math.ceil(kills / WORKERS.length)
  const until = Date.now() + limitMs
  let arriving = true
  const killedSoFar = (name) => tally[name].killed + tally[name].atCall
  // Killed while visitors arrive, then until its share of the kills is reached.
  const going = (name) => (killedSoFar(name) < quota || arriving) && Date.now() < until
  const runFrom = {}
  // The chat texts each worker's current run sent out, in flight ones included.
  const runTexts = Object.fromEntries(WORKERS.map((name) => [name, []]))
  stack.hooks.forwarded = (name, body) => {
    const text = chatText(body)
    if (text) runTexts[name].push(text)
  }
  const killing = {}
  const kill = (name) =>
    (killing[name] ??= stack
      .restart(name, () =>
        killWindows.push({ worker: name, from: runFrom[name], to: stack.alerts.webhook.length, texts: [...runTexts[name]] }),
      )
      .finally(() => (killing[name] = undefined)))
  // A fake took the worker's call and did it: on the run's k-th, the worker dies before the answer reaches it.
  const calls = Object.fromEntries(WORKERS.map((name) => [name, { made: 0, killAt: 0 }]))
  stack.hooks.afterTaken = async (name) => {
    if (killing[name] || ++calls[name].made !== calls[name].killAt) return
    tally[name].atCall++
    await kill(name)
  }

  async function worker(name) {
    let lastMs = FIRST_GUESS_MS
    let lastCalls = FIRST_GUESS_CALLS
    while (going(name)) {
      const started = Date.now()
      const draw = randoms.kills[name]()
      const where = randoms.kills[name]()
      const timed = draw < TIMED_SHARE
      calls[name] = { made: 0, killAt: !timed && draw < TIMED_SHARE + AT_CALL_SHARE ? 1 + Math.floor(where * lastCalls) : 0 }
      runFrom[name] = stack.alerts.webhook.length
      runTexts[name] = []
      const run = callWorker(stack.workers[name])
      tally[name].runs++
      const finished = await Promise.race([run.then(() => true), timed ? sleep(where * lastMs).then(() => false) : new Promise(() => {})])
      if (killing[name]) await killing[name]
      else if (finished) {
        lastMs = Math.max(50, Date.now() - started)
        lastCalls = Math.max(1, calls[name].made)
        if (timed || calls[name].killAt) tally[name].missed++
      } else {
        tally[name].killed++
        await kill(name)
        await run
      }
    }
  }
  async function people() {
    while (arriving || WORKERS.some(going)) {
      await registrantsAct(stack, registrants, { random: randoms.repeats, repeatShare: dropRate })
      await sleep(200)
    }
  }
  const visitors = arrive().finally(() => (arriving = false))
  await Promise.all([...WORKERS.map(worker), people(), visitors])
  stack.board.unanswered(null)
  stack.alerts.unanswered(null)
  stack.stripe.unanswered(null)
  stack.hooks.afterTaken = async () => undefined
  stack.hooks.forwarded = () => undefined
  return { tally, killWindows, landed: WORKERS.reduce((sum, name) => sum + killedSoFar(name), 0) }
}

const OUTBOXES = ['leads', 'enterprise_registrations', 'stripe_webhook_events', 'notifications']

/** Everything the readers and our tables hold that a run can change: equal twice means that run changed nothing. */
async function snapshot(stack) {
  const count = (table) => stack.pg.sql.unsafe(`select status, count(*)::int as n from ${table} group by status order by status`)
  const tables = await Promise.all(OUTBOXES.map(count))
  const { board, alerts, stripe } = stack
  const pending = tables.flat().reduce((sum, row) => sum + (row.status === 'pending' ? row.n : 0), 0)
  return {
    pending,
    key: JSON.stringify([
      board.items.size,
      board.notes.length,
      alerts.webhook.length,
      alerts.emailRequests.length,
      stripe.requests.filter((request) => request.method === 'POST').length,
      tables,
    ]),
  }
}

/**
 * Runs the workers (no kills, no faults) until nothing changes for QUIET_MS and no outbox row is
 * pending; rounds and seconds, or `settled: false` at `limitMs` (a row still pending, or still changing).
 */
export async function cleanly(stack, { registrants, randoms, limitMs }) {
  const started = Date.now()
  let last = await snapshot(stack)
  let changedAt = Date.now()
  let rounds = 0
  while (Date.now() - changedAt < QUIET_MS || last.pending > 0) {
    if (Date.now() - started > limitMs) return { rounds, seconds: (Date.now() - started) / 1000, settled: false }
    await Promise.all(WORKERS.map((name) => callWorker(stack.workers[name])))
    await registrantsAct(stack, registrants, { random: randoms.repeats, repeatShare: 0 })
    rounds++
    const now = await snapshot(stack)
    if (now.key !== last.key) changedAt = Date.now()
    last = now
    await sleep(250)
  }
  return { rounds, seconds: (Date.now() - started) / 1000, settled: true }
}
