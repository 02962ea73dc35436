// One crash bench run, for `npm run bench:crash` and its tiny version in the test suite: seed the
// leads and registrations through the front doors, run the workers under kills and dropped answers
// (the registrants confirming and paying as their e-mails and invoices arrive), run them cleanly
// until nothing changes, then count what each reader received.
import { lostByKind, mulberry32 } from './load-run.mjs'
import { visitorsArrive } from './crash-actors.mjs'
import { countReaders, readerTable } from './crash-readers.mjs'
import { lostDetails } from './crash-lost.mjs'
import { cleanly, underFaults } from './crash-runs.mjs'
import { startCrashStack, WORKERS } from './crash-stack.mjs'

/**
 * `options`: leads, registrations, kills (landed mid-run), seed, dropRate (share of calls each fake
 * takes and never answers), latencyMs (every fake's answer), gapMs (between two arrivals while the
 * workers run), faultsLimitMs, cleanLimitMs.
 * Answers the readers' rows, the chat traces, what was lost (and where it stands in our tables), the
 * summary lines, the printed table, and `ok`.
 */
export async function runCrashBench(options) {
  const {
    leads: leadCount,
    registrations,
    kills,
    seed,
    dropRate,
    latencyMs = 100,
    gapMs = 300,
    faultsLimitMs = 180_000,
    cleanLimitMs = 180_000,
  } = options
  // One stream per use, so what one draws does not shift what another draws.
  const stream = (n) => mulberry32(seed * 7919 + n)
  const perWorker = (from) => Object.fromEntries(WORKERS.map((name, i) => [name, stream(from + i)]))
  const randoms = { kills: perWorker(10), board: stream(2), alerts: stream(3), stripe: stream(4), repeats: stream(5) }
  const stack = await startCrashStack({ latencyMs })
  try {
    const leads = new Map()
    const registrants = []
    const arrive = () => visitorsArrive(stack, { leads: leadCount, registrations }, { leads, registrants, gapMs })
    const faults = await underFaults(stack, { kills, dropRate, randoms, registrants, limitMs: faultsLimitMs, arrive })
    const clean = await cleanly(stack, { registrants, randoms, limitMs: cleanLimitMs })
    await stack.board.quiet()
    const counted = countReaders(stack, leads, registrants, faults.killWindows)
    const { board, alerts, stripe } = stack
    const tallies = Object.entries(faults.tally).map(
      ([name, t]) =>
        `${name} ${t.runs} runs, killed ${t.killed} times mid-run and ${t.atCall} times right after a fake took its call (${t.missed} runs ended before their kill)`,
    )
    const summary = [
      `seed ${seed}: ${leadCount} leads, ${registrations} registrations, arriving every ${gapMs} ms while the workers run; every fake answers after ${latencyMs} ms`,
      `under faults: ${faults.landed} SIGKILLs landed mid-run (at least ${kills} asked): ${tallies.join('; ')}`,
      `answers dropped (${Math.round(dropRate * 100)}% of calls taken, never answered): board ${lostByKind(board.lostAnswers, (lost) => lost.operation)}; chat ${alerts.lostAnswers.filter((lost) => lost.channel === 'webhook').length}; e-mail ${alerts.lostAnswers.filter((lost) => lost.channel === 'email').length}; Stripe ${lostByKind(stripe.lostAnswers, (lost) => lost.operation)}`,
      `registrants: ${registrants.filter((each) => each.confirmed).length} confirmed, ${registrants.filter((each) => each.paid?.told).length} paid (Stripe told us)`,
      `cleanly: ${clean.rounds} rounds, ${clean.seconds.toFixed(1)} s, ${clean.settled ? 'until nothing changed' : 'NOT SETTLED (still changing at the limit)'}`,
    ]
    if (counted.unexpected.length) summary.push(`unexpected messages: ${counted.unexpected.map((text) => text.split('\n')[0]).join(' | ')}`)
    const lost = await lostDetails(stack.pg.sql, counted.rows, leads)
    return { ...counted, lost, summary, table: readerTable(counted.rows), faults, clean, ok: counted.ok && clean.settled }
  } finally {
    await stack.close()
  }
}
