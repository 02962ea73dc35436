// The bench's first-input table: every landing route, rounds interleaved so the machine's noise
// spreads over the routes, medians per route.
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { measureFirstInput, TYPE_AFTER_PAINT_MS, TYPED_NAME } from './first-input.mjs'
import { keystrokeFrames } from './frame-trace.mjs'

// The Core Web Vitals 'good' line for INP.
export const FIRST_INPUT_BUDGET_MS = 200

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return !sorted.length ? NaN : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const sec = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a')
const msec = (ms) => (!Number.isFinite(ms) ? 'n/a' : ms < 16 ? '< 16 ms' : `${Math.round(ms)} ms`)
const plainMs = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'n/a')
// The Long Tasks API reports tasks over 50 ms only.
const taskMs = (ms) => (!Number.isFinite(ms) ? 'n/a' : ms === 0 ? '≤ 50 ms' : `${Math.round(ms)} ms`)

/** `load`: the median 1-min load average over the runs (the figures move with it). */
export async function firstInputSection({ browser, origin, runs, routes, log, table, traceDir }) {
  const loadSamples = [loadavg()[0]]
  if (traceDir) mkdirSync(traceDir, { recursive: true })
  const results = new Map(routes.map((route) => [route, []]))
  const failures = []
  for (let round = 0; round < runs; round++) {
    for (const route of routes) {
      try {
        const { trace, ...result } = await measureFirstInput(browser, origin + route, { trace: Boolean(traceDir) })
        results.get(route).push(result)
        let frames = ''
        if (trace) {
          const file = join(traceDir, `${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${round + 1}.json`)
          writeFileSync(file, JSON.stringify(trace))
          const decisions = keystrokeFrames(trace)
          frames = `; display after each keydown: ${decisions.filter((d) => d === 'skipped').length}/${decisions.length} skipped (${file})`
        }
        loadSamples.push(loadavg()[0])
        const e = result.slowestEvent
        log(
          `first input ${round + 1}/${runs} ${route}: form visible ${msec(result.formVisible)}, hydrated ${msec(result.hydrated)}, ` +
            `script ${plainMs(result.scriptAfterPaint)} after first paint, longest task ${taskMs(result.longestTask)}, ` +
            `slowest ${msec(result.slowest)}${e ? ` (${e.name} at ${Math.round(e.start)} ms: delay ${Math.round(e.delay)}, handlers ${Math.round(e.processing)})` : ''}, ` +
            `${result.kept ? 'kept' : 'LOST'}${frames}`,
        )
      } catch (error) {
        failures.push(`${route} run ${round + 1}: ${error.message.split('\n')[0]}`)
        log(`first input ${round + 1}/${runs} ${route} FAILED: ${error.message.split('\n')[0]}`)
      }
    }
  }

  const over = []
  const rows = routes.map((route) => {
    const summary = summarizeFirstInput(results.get(route))
    if (!summary) return [route, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', '', 'n/a', 'no successful run']
    if (!summary.ok) over.push(route)
    return [
      route,
      sec(summary.formVisible),
      sec(summary.hydrated),
      plainMs(summary.scriptAfterPaint),
      taskMs(summary.longestTask),
      msec(summary.slowest),
      summary.runs.join(', '),
      `${summary.kept}/${summary.runs.length}`,
      `${summary.ok ? 'PASS' : 'OVER'} (≤ ${FIRST_INPUT_BUDGET_MS} ms, nothing lost)`,
    ]
  })
  const lines = [
    `-- First input: '${TYPED_NAME}' typed into the lead form ${TYPE_AFTER_PAINT_MS} ms after first paint; medians of ${runs} --`,
    table(
      [
        'route',
        'form visible',
        'hydrated',
        'script after paint',
        'longest task',
        'slowest interaction',
        'runs (ms)',
        'typed kept',
        'budget',
      ],
      rows,
    ),
    'script after paint = when the first script was requested, from the first contentful paint (negative: before it)',
    'longest task = the longest task over 50 ms (Long Tasks API) from first paint to hydrated or the last keystroke, whichever is later',
    'slowest interaction = the longest Event Timing entry with an interactionId (INP), from keydown to the next frame presented',
    ...failures.map((f) => `failed, left out of the medians: ${f}`),
  ]
  return { text: lines.join('\n'), over, load: median(loadSamples) }
}

/** One route's row: medians over its runs, and whether it meets the budget with nothing typed lost. */
export function summarizeFirstInput(list) {
  if (!list.length) return null
  const slowest = median(list.map((r) => r.slowest))
  const kept = list.filter((r) => r.kept).length
  return {
    formVisible: median(list.map((r) => r.formVisible)),
    hydrated: median(list.map((r) => r.hydrated)),
    scriptAfterPaint: median(list.map((r) => r.scriptAfterPaint)),
    longestTask: median(list.map((r) => r.longestTask)),
    slowest,
    runs: list.map((r) => Math.round(r.slowest)),
    kept,
    ok: slowest <= FIRST_INPUT_BUDGET_MS && kept === list.length,
  }
}
