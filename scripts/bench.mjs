// `npm run bench`: speed, size and accessibility figures for the LIVE production build.
//   node scripts/bench.mjs                 build the live site into node_modules/.cache/bench-dist, then measure
//   --no-build                             reuse that folder when it holds a build
//   --dist DIR                             measure another built folder (implies --no-build), e.g. dist
//   --runs N                               throttled loads per route (default 5); medians are printed
//   --routes /,/vet                        other routes (default: / /vet /schedule /enterprise /news /terms)
//   --no-baseline                          skip the HTML+CSS-only (scripts blocked) comparison loads
//   --no-axe                               skip the accessibility pass
//   --lighthouse-runs N                    Lighthouse runs per route and build (default 3; 0 skips Lighthouse and the SPA build)
//   --lighthouse-routes /,/vet             Lighthouse routes (default: every prerendered route)
//   --first-input                          only the first-input table: a name typed into each landing route's lead form
//                                          from the moment it is visible (slowest interaction, typed text kept)
//   --first-input-runs N                   first-input runs per landing route (default 3); 0 skips the table
//   --first-input-trace DIR                record a Chromium trace of each first-input run into DIR and log, per run,
//                                          how many keystroke frames the display skipped (decision 016)
// Lighthouse compares the prerendered build with the same site built client-only (SPA) and writes
// its table to docs/bench/lighthouse.md and .json.
// Budgets are printed as PASS/OVER next to each figure; the exit code is 0 whatever the figures
// (1 only when the bench itself cannot run). Progress goes to stderr, the report to stdout.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { startStaticServer } from './static-server.mjs'
import { measureLoad, transferSummary, PHONE, CPU_SLOWDOWN, NETWORK } from './bench/measure.mjs'
import { axeViolations, AXE_TAGS } from './bench/a11y.mjs'
import { median, range } from './bench/metrics.mjs'
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium.mjs'
import { buildSpa } from './bench/build-spa.mjs'
import { readScriptPackages } from './bench/script-packages.mjs'
import { lighthouseSection } from './bench/lighthouse-section.mjs'
import { firstInputSection } from './bench/first-input-section.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const option = (name) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const runs = Math.min(50, Math.max(1, Number.parseInt(option('--runs') ?? '5', 10) || 5))
const baselineRuns = args.includes('--no-baseline') ? 0 : Math.min(runs, 3)
const routes = (option('--routes') ?? '/,/vet,/schedule,/enterprise,/news,/terms')
  .split(',')
  .map((r) => r.trim())
  .filter(Boolean)
const distOption = option('--dist')
const dist = resolve(root, distOption ?? 'node_modules/.cache/bench-dist')
const wantBuild = !distOption && !(args.includes('--no-build') && existsSync(join(dist, 'index.html')))
const lighthouseRuns = Math.min(10, Math.max(0, Number.parseInt(option('--lighthouse-runs') ?? '3', 10) || 0))
const lighthouseRouteOption = option('--lighthouse-routes')
  ?.split(',')
  .map((r) => r.trim())
  .filter(Boolean)
const firstInputOnly = args.includes('--first-input')
const firstInputTraceDir = option('--first-input-trace') && resolve(option('--first-input-trace'))
const firstInputRuns = Math.min(20, Math.max(0, Number.parseInt(option('--first-input-runs') ?? '3', 10) || 0))
const spaDist = resolve(root, 'node_modules/.cache/bench-spa')
const LIVE_ENV = { VITE_SUPABASE_URL: 'https://project.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon', VITE_MOCK_SERVICES: 'false' }

const BUDGET = { jsKb: 170, lcpMs: 2500, cls: 0.1, tbtMs: 300, axe: 0 }
// No internet here: any third-party host fails at once (and is reported) instead of stalling the load.
const OFFLINE_RULE = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'

const log = (message) => process.stderr.write(`[bench] ${message}\n`)
const kB = (bytes) => (bytes / 1000).toFixed(1)
const sec = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a')
const msec = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'n/a')
const verdict = (ok) => (ok ? 'PASS' : 'OVER')
const pad = (value, width) => String(value).padEnd(width)
const table = (header, rows) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)) + 2)
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, i) => pad(cell, widths[i]))
        .join('')
        .trimEnd(),
    )
    .join('\n')
}

const loadSamples = []
let browser
let server
let spaServer
let closing = false
async function cleanup() {
  if (closing) return
  closing = true
  await browser?.close().catch(() => {})
  await new Promise((done) => (server ? server.close(() => done()) : done()))
  await new Promise((done) => (spaServer ? spaServer.close(() => done()) : done()))
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: closing the browser and the server`)
    void cleanup().finally(() => process.exit(130))
  })
}

async function main() {
  const started = Date.now()
  loadSamples.push(loadavg()[0])
  if (wantBuild) {
    log(`building the live site into ${relative(root, dist)} …`)
    const env = { ...process.env, ...LIVE_ENV }
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--out', dist, '--sourcemap'], {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 300_000,
    })
    if (built.status !== 0) throw new Error(`live build failed (exit ${built.status ?? built.signal})`)
  } else if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} holds no build`)
  }

  server = await startStaticServer(dist, 0)
  const origin = `http://127.0.0.1:${server.address().port}`
  browser = await chromium.launch({ executablePath: chromiumExecutable, args: [...CHROMIUM_ARGS, OFFLINE_RULE], timeout: 60_000 })
  log(`serving ${relative(root, dist) || dist} at ${origin}; Chromium ${browser.version()}`)

  if (firstInputOnly) {
    const firstInput = await firstInputSection({
      browser,
      origin,
      runs: Math.max(1, firstInputRuns),
      log,
      loadSamples,
      table,
      traceDir: firstInputTraceDir,
    })
    loadSamples.push(loadavg()[0])
    console.log(
      [
        '== Bench: first input on the live production build ==',
        `site      ${relative(root, dist) || dist} (${wantBuild ? 'built now' : 'existing build'}); ${phoneLine()}`,
        `machine   ${machineLine()}`,
        '',
        firstInput.text,
        firstInput.over.length ? `== OVER: ${firstInput.over.join(', ')}` : '== all first-input lines PASS',
        `== bench took ${Math.round((Date.now() - started) / 1000)} s`,
      ].join('\n'),
    )
    return
  }

  // Accessibility first: unthrottled, quick, and independent of the timing runs.
  const axe = new Map()
  if (!args.includes('--no-axe')) {
    for (const route of routes) {
      const result = {}
      for (const width of [1280, 390]) {
        try {
          result[width] = await axeViolations(browser, origin + route, width)
        } catch (error) {
          result[width] = { error: error.message.split('\n')[0] }
        }
      }
      axe.set(route, result)
      log(`axe ${route} done`)
    }
  }

  // Timing runs, interleaved: every route once per round, and in the first rounds each load is
  // paired with a scripts-blocked load of the same route, so machine noise spreads evenly over
  // routes and over both sides of the comparison.
  const loads = new Map(routes.map((r) => [r, []]))
  const baseline = new Map(routes.map((r) => [r, []]))
  const failures = new Map(routes.map((r) => [r, []]))
  for (let round = 0; round < runs; round++) {
    for (const route of routes) {
      for (const blockScripts of round < baselineRuns ? [false, true] : [false]) {
        const label = blockScripts ? `HTML+CSS-only ${round + 1}/${baselineRuns}` : `run ${round + 1}/${runs}`
        try {
          const result = await measureLoad(browser, origin + route, { blockScripts })
          ;(blockScripts ? baseline : loads).get(route).push(result)
          loadSamples.push(loadavg()[0])
          log(
            `${label} ${route}: FCP ${msec(result.fcp)}, LCP ${msec(result.lcp)}, TBT ${msec(result.tbt)}, hydrated ${msec(result.hydrated ?? NaN)}`,
          )
        } catch (error) {
          failures.get(route).push(`${label}: ${error.message.split('\n')[0]}`)
          log(`${label} ${route} FAILED: ${error.message.split('\n')[0]}`)
        }
      }
    }
  }

  const firstInput = firstInputRuns
    ? await firstInputSection({ browser, origin, runs: firstInputRuns, log, loadSamples, table, traceDir: firstInputTraceDir })
    : null
  loadSamples.push(loadavg()[0])
  const lighthouse = lighthouseRuns ? await lighthouseComparison(origin) : null
  report({ origin, loads, baseline, failures, axe, firstInput, lighthouse, seconds: (Date.now() - started) / 1000 })
}

async function lighthouseComparison(origin) {
  // Every page the build prerendered (its record of the table of pages), unless routes are named.
  const prerendered = JSON.parse(readFileSync(join(dist, '.vite', 'pages.json'), 'utf8'))
  const pages = prerendered.map((page) => page.path)
  const lighthouseRoutes = lighthouseRouteOption ?? pages
  if (wantBuild || !existsSync(join(spaDist, 'index.html'))) {
    log(`building the client-only comparison site into ${relative(root, spaDist)} …`)
    await buildSpa(spaDist, LIVE_ENV, pages)
  }
  spaServer = await startStaticServer(spaDist, 0)
  const spa = `http://127.0.0.1:${spaServer.address().port}`
  log(`Lighthouse: ${lighthouseRoutes.length} routes x ${lighthouseRuns} runs x 2 builds (ours ${origin}, SPA ${spa})`)
  const markdown = await lighthouseSection({
    routes: lighthouseRoutes,
    runs: lighthouseRuns,
    ours: origin,
    spa,
    log,
    outFile: join(root, 'docs/bench/lighthouse'),
    scriptPackages: readScriptPackages(dist),
    noindexRoutes: prerendered.filter((page) => page.noindex).map((page) => page.path),
  })
  // The README shows the latest complete table: every route, at least 3 runs each.
  if (!lighthouseRouteOption && lighthouseRuns >= 3) {
    const machine = `Measured ${new Date().toISOString().slice(0, 10)} on ${availableParallelism()} cores, 1-min load average ${median(loadSamples).toFixed(1)} during the page loads.`
    writeReadmeTable(`${machine}\n\n${markdown}`)
    log('README.md: Lighthouse table updated')
  }
  return markdown
}

function writeReadmeTable(markdown) {
  const file = join(root, 'README.md')
  const readme = readFileSync(file, 'utf8')
  const start = '<!-- lighthouse:start -->'
  const end = '<!-- lighthouse:end -->'
  const [before, rest] = readme.split(start)
  if (rest === undefined || !rest.includes(end)) return
  writeFileSync(file, `${before}${start}\n${markdown.trim()}\n${end}${rest.slice(rest.indexOf(end) + end.length)}`)
}

const phoneLine = () => {
  const down = (NETWORK.downloadThroughput * 8) / 1024 / 1024
  const up = (NETWORK.uploadThroughput * 8) / 1024
  return (
    `phone ${PHONE.viewport.width}x${PHONE.viewport.height} @${PHONE.deviceScaleFactor}x, CPU ${CPU_SLOWDOWN}x slower (CDP Emulation.setCPUThrottlingRate), ` +
    `network ${NETWORK.latency} ms latency / ${down} Mbps down / ${up} kbps up (CDP Network.emulateNetworkConditions), cache off, fresh context per load`
  )
}
const machineLine = () =>
  `${availableParallelism()} cores; 1-min load average during the runs: median ${median(loadSamples).toFixed(1)}, max ${Math.max(...loadSamples).toFixed(1)}`

function report({ loads, baseline, failures, axe, firstInput, lighthouse, seconds }) {
  const out = []
  const over = []
  const budgetLine = (route, what, ok) => {
    if (!ok) over.push(`${route} ${what}`)
    return verdict(ok)
  }
  out.push('== Bench: live production build ==')
  out.push(
    `site      ${relative(root, dist) || dist} (${wantBuild ? 'built now' : 'existing build'}), served gzip by scripts/static-server.mjs`,
  )
  out.push(`phone     ${phoneLine().slice('phone '.length)}`)
  out.push(`machine   ${machineLine()}`)
  out.push(
    `runs      ${runs} per route (medians; min-max in the spread table)${baselineRuns ? `, plus ${baselineRuns} with scripts blocked per route` : ''}; Chromium ${browser.version()} headless, no GPU`,
  )
  out.push('')

  // 1. Transfer sizes.
  out.push(
    '-- 1. Transfer before interactive: gzip bytes received up to the shell-hydrated mark (deferred parts load after it), from CDP Network events (kB = 1000 B) --',
  )
  const sizeRows = []
  const details = []
  for (const route of routes) {
    const list = loads.get(route)
    if (!list.length) {
      sizeRows.push([route, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'no successful load'])
      continue
    }
    const sizes = list.map((load) => transferSummary(load.resources, load.interactive))
    const first = sizes[0]
    const steady = sizes.every((s) => s.js === first.js && s.html === first.html && s.css === first.css)
    const jsKb = first.js / 1000
    sizeRows.push([
      route,
      kB(first.html),
      kB(first.css),
      `${kB(first.js)} (${first.jsFiles.length} files)`,
      kB(first.other),
      kB(first.total),
      `${budgetLine(route, `JS before interactive ${kB(first.js)} kB > ${BUDGET.jsKb} kB`, jsKb <= BUDGET.jsKb)} (JS ≤ ${BUDGET.jsKb} kB)${steady ? '' : ' [sizes differed between runs]'}`,
    ])
    details.push(`${pad(route, 12)} ${jsWaves(list[0])}`)
    if (first.laterJs.length)
      details.push(`${pad('', 12)} after hydration: ${first.laterJs.map((f) => `${short(f.url)} ${kB(f.body)}`).join(', ')}`)
  }
  out.push(table(['route', 'HTML', 'CSS', 'JS', 'img/other', 'total', 'budget'], sizeRows))
  out.push(
    'JS request waves (run 1; when each request was sent, gzip kB). A later wave is only discovered once the one before has arrived (static imports) or run (lazy route chunks):',
  )
  out.push(...details)
  out.push('')

  // 2. Timings.
  out.push(`-- 2. Load on the phone: medians of ${runs} (TBT = long tasks' time over 50 ms between FCP and max(load, hydration) + 2 s) --`)
  const timingRows = []
  const spreadRows = []
  const comparisons = []
  for (const route of routes) {
    const list = loads.get(route)
    const pick = (key) => list.map((l) => l[key])
    const fcp = median(pick('fcp'))
    const lcp = median(pick('lcp'))
    const cls = median(pick('cls'))
    const tbt = median(pick('tbt'))
    const hydrated = median(pick('hydrated'))
    if (!list.length) {
      timingRows.push([route, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'no successful load', '', ''])
      continue
    }
    timingRows.push([
      route,
      sec(fcp),
      sec(lcp),
      cls.toFixed(3),
      msec(tbt),
      sec(hydrated),
      `${budgetLine(route, `LCP ${sec(lcp)} > 2.5 s`, lcp <= BUDGET.lcpMs)} (≤ 2.5 s)`,
      `${budgetLine(route, `CLS ${cls.toFixed(3)} > 0.1`, cls <= BUDGET.cls)} (≤ 0.1)`,
      `${budgetLine(route, `TBT ${msec(tbt)} > 300 ms`, tbt <= BUDGET.tbtMs)} (≤ 300 ms)`,
    ])
    const spread = (key, fmt) => {
      const [lo, hi] = range(pick(key))
      return `${fmt(lo)}-${fmt(hi)}`
    }
    const s1 = (ms) => (ms / 1000).toFixed(2)
    spreadRows.push([
      route,
      spread('fcp', s1),
      spread('lcp', s1),
      spread('cls', (v) => v.toFixed(3)),
      spread('tbt', (v) => Math.round(v)),
      spread('hydrated', s1),
      `${list.length}/${runs}`,
      mostCommon(pick('lcpElement')) ?? 'n/a',
    ])

    const base = baseline.get(route)
    const parts = [`hydrated at ${ratio(hydrated, fcp)} FCP (${sec(hydrated - fcp)} of visible but inert content)`]
    if (base.length) {
      const baseFcp = median(base.map((b) => b.fcp))
      const baseLcp = median(base.map((b) => b.lcp))
      parts.push(
        `HTML+CSS only: FCP ${sec(baseFcp)}, LCP ${sec(baseLcp)}, TBT ${msec(median(base.map((b) => b.tbt)))} -> with JS LCP ${ratio(lcp, baseLcp)}, TBT +${msec(tbt - median(base.map((b) => b.tbt)))}`,
      )
    }
    comparisons.push(`${pad(route, 12)} ${parts.join('; ')}`)
  }
  out.push(table(['route', 'FCP', 'LCP', 'CLS', 'TBT', 'hydrated', 'LCP budget', 'CLS budget', 'TBT budget'], timingRows))
  out.push('spread (min-max over the runs; seconds, TBT in ms) and the LCP element:')
  out.push(table(['route', 'FCP', 'LCP', 'CLS', 'TBT', 'hydrated', 'loads ok', 'LCP element'], spreadRows))
  out.push('')

  // 3. Comparisons.
  out.push('-- 3. HTML first vs hydration (medians; ratios) --')
  out.push(...comparisons)
  const home = loads.get('/')?.length ? transferSummary(loads.get('/')[0].resources, loads.get('/')[0].interactive) : null
  if (home) {
    const rel = routes
      .filter((r) => r !== '/' && loads.get(r).length)
      .map((r) => `${r} ${ratio(transferSummary(loads.get(r)[0].resources, loads.get(r)[0].interactive).js, home.js)}`)
    if (rel.length) out.push(`JS before interactive relative to /: ${rel.join(', ')}`)
  }
  out.push('')

  // 4. Accessibility.
  if (axe.size) {
    out.push(`-- 4. Accessibility: axe-core violations (tags ${AXE_TAGS.join(', ')}), hydrated page, unthrottled --`)
    const rows = []
    const found = []
    for (const route of routes) {
      const result = axe.get(route)
      const cell = (width) => {
        const r = result[width]
        if (r.error) return `error: ${r.error}`
        return r.violations.length ? `${r.violations.length} (${r.violations.map((x) => x.id).join(', ')})` : '0'
      }
      const review = (width) => (result[width].error ? '-' : result[width].needsReview.map((x) => `${x.id} ${x.nodes}`).join(', ') || '0')
      const total = [1280, 390].reduce((n, w) => n + (result[w].error ? NaN : result[w].violations.length), 0)
      rows.push([
        route,
        cell(1280),
        cell(390),
        `${budgetLine(route, `axe violations ${total}`, total === BUDGET.axe)} (= 0)`,
        review(1280),
        review(390),
      ])
      for (const width of [1280, 390]) {
        for (const v of result[width].error ? [] : result[width].violations) {
          found.push(`${route} @${width}px  ${v.id} (${v.impact}): ${v.help}`)
          for (const node of v.nodes.slice(0, 5)) found.push(`    ${node.target}  — ${node.summary?.split('\n').slice(1).join(' ').trim()}`)
          if (v.nodes.length > 5) found.push(`    … and ${v.nodes.length - 5} more nodes`)
        }
      }
    }
    out.push(table(['route', 'violations 1280 px', 'violations 390 px', 'budget', 'needs review 1280 px', 'needs review 390 px'], rows))
    if (found.length) out.push('violations:', ...found)
    out.push(
      "'needs review' = axe's incomplete results (nodes it could not decide, e.g. text over a gradient): not counted as violations, check them by eye",
    )
    out.push('')
  }

  if (firstInput) {
    out.push(firstInput.text)
    for (const route of firstInput.over) over.push(`${route} first input`)
    out.push('')
  }

  if (lighthouse) {
    out.push('-- 5. Lighthouse side by side: prerendered (ours) vs client-only SPA (also in docs/bench/lighthouse.md) --')
    out.push(lighthouse)
  }

  // Anything that makes the figures less trustworthy.
  const notes = []
  for (const route of routes) {
    for (const failure of failures.get(route)) notes.push(`${route} load failed, left out of the medians: ${failure}`)
    const list = loads.get(route)
    const errors = [...new Set(list.flatMap((l) => l.errors))]
    if (errors.length) notes.push(`${route} console/page errors: ${errors.slice(0, 3).join(' | ')}`)
    const hosts = [...new Set([...list, ...baseline.get(route)].flatMap((l) => l.external))]
    if (hosts.length) notes.push(`${route} third-party requests (failed offline here, not in the figures): ${hosts.join(', ')}`)
    const fetchMs = median(list.map((l) => l.documentFetchMs))
    if (fetchMs < NETWORK.latency * 0.9) notes.push(`${route} HTML came in ${msec(fetchMs)}: network throttling does not seem applied`)
  }
  const cores = availableParallelism()
  const typicalLoad = median(loadSamples)
  if (typicalLoad > cores)
    notes.push(
      `machine busy: 1-min load average ${typicalLoad.toFixed(1)} (median during the runs) on ${cores} cores, the bench itself adding about 1; timings are inflated, rerun on a quiet machine before comparing`,
    )
  if (notes.length) out.push('-- notes --', ...notes, '')

  out.push(
    'caveats: this machine paints without a GPU, which delays the first frame and inflates FCP/LCP; throttling is applied per request ' +
      "(150 ms added per request, not per round trip, milder than Lighthouse's simulated slow 4G). Compare routes and builds in one run, by ratio.",
  )
  out.push(over.length ? `== ${over.length} budget line(s) OVER: ${over.join('; ')}` : '== all budget lines PASS')
  out.push(`== bench took ${Math.round(seconds)} s`)
  console.log(out.join('\n'))
}

const short = (url) => url.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js')
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a')
const mostCommon = (values) => {
  const counts = new Map()
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
}

/** Groups the JS requested before the shell hydrated into waves (requests sent within 150 ms of the wave's first). */
function jsWaves(load) {
  const files = load.resources
    .filter((r) => r.kind === 'js' && !r.failed && (load.interactive === null || r.at <= load.interactive))
    .sort((a, b) => a.at - b.at)
  const waves = []
  for (const file of files) {
    const wave = waves.at(-1)
    if (wave && file.at - wave.at < 150) wave.files.push(file)
    else waves.push({ at: file.at, files: [file] })
  }
  return waves
    .map((w) => `@${(w.at / 1000).toFixed(2)} s ${w.files.map((f) => `${short(f.url)} ${kB(f.body)}`).join(' + ')}`)
    .join('  ->  ')
}

try {
  await main()
} catch (error) {
  console.error(`[bench] failed: ${error.stack ?? error}`)
  process.exitCode = 1
} finally {
  await cleanup()
}
