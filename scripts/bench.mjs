// `npm run bench`: the live production build against its targets, by Lighthouse CI (lighthouserc.cjs)
// and size-limit (.size-limit.cjs). Both print every failed assertion; the exit code is 1 when one fails.
//   node scripts/bench.mjs          build the live site into node_modules/.cache/bench-dist, then measure
//   --no-build                      reuse that folder when it holds a build
//   --dist DIR                      measure another built folder (implies --no-build), e.g. dist
//   --routes /,/vet                 Lighthouse routes (default: every prerendered route, one article)
//   --runs N                        Lighthouse runs per route (default 5; the assertions take the median)
//   --first-input                   only the first-input table: a name typed into each landing route's lead
//                                   form 0.5 s after first paint (when the script was requested, the longest
//                                   task from first paint to hydrated, slowest interaction, typed text kept)
//   --first-input-runs N            first-input runs per landing route (default 3)
//   --first-input-trace DIR         record a Chromium trace of each first-input run into DIR and log, per run,
//                                   how many keystroke frames the display skipped (decision 016)
//   --against REF                   side by side: the first-input probe on this build and on REF's (a git ref,
//                                   built in a temporary git worktree into a temporary folder, kept by
//                                   commit for the next run),
//                                   alternating run by run; prints per-route ratios (slowest keystroke, longest
//                                   task, first paint, hydrated). With --routes (default /,/vet) and
//                                   --side-runs N (runs a side per route, default 3)
// BENCH_PORT (default 4174) is the port Lighthouse CI serves the build on.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const option = (name) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const distOption = option('--dist')
const dist = resolve(root, distOption ?? 'node_modules/.cache/bench-dist')
const env = { ...process.env, BENCH_DIST: dist, ...(option('--routes') ? { BENCH_ROUTES: option('--routes') } : {}) }
// A preview of the live build: the stand-in contact details are allowed (scripts/site-placeholders.mjs).
const LIVE_ENV = {
  VITE_SUPABASE_URL: 'https://project.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'anon',
  VITE_MOCK_SERVICES: 'false',
  ALLOW_PLACEHOLDERS: '1',
}
const REPORTS = join(root, '.lighthouseci', 'reports')

const log = (message) => process.stderr.write(`[bench] ${message}\n`)
const run = (command, commandArgs, extraEnv = {}) =>
  spawnSync(command, commandArgs, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] }).status
const table = (header, rows) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)) + 2)
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, i) => String(cell).padEnd(widths[i]))
        .join('')
        .trimEnd(),
    )
    .join('\n')
}

if (!distOption && !(args.includes('--no-build') && existsSync(join(dist, 'index.html')))) {
  log(`building the live site into ${relative(root, dist)} …`)
  if (run(process.execPath, ['scripts/build.mjs', '--out', dist], LIVE_ENV) !== 0) throw new Error('live build failed')
} else if (!existsSync(join(dist, 'index.html'))) {
  throw new Error(`${dist} holds no build`)
}

if (option('--against')) {
  await sideBySideRun(option('--against'))
} else if (args.includes('--first-input')) {
  await firstInput()
} else {
  log('size-limit: script before interactive on the landing routes (.size-limit.cjs)')
  const sizeStatus = run(join(root, 'node_modules/.bin/size-limit'), [])
  const runs = option('--runs')
  rmSync(REPORTS, { recursive: true, force: true })
  const lhciStatus = run(join(root, 'node_modules/.bin/lhci'), ['autorun', ...(runs ? [`--collect.numberOfRuns=${runs}`] : [])])
  if (existsSync(join(REPORTS, 'manifest.json'))) console.log(lighthouseSummary())
  process.exitCode = sizeStatus || lhciStatus ? 1 : 0
}

/**
 * The median run of each route (Lighthouse CI's representative run), in docs/speed.md's units. TBT
 * is the median the assertion reads, with every run's figure: the representative run is chosen by
 * score and its TBT may be the highest of the three.
 */
function lighthouseSummary() {
  const manifest = JSON.parse(readFileSync(join(REPORTS, 'manifest.json'), 'utf8')).map((entry) => ({
    ...entry,
    report: JSON.parse(readFileSync(entry.jsonPath, 'utf8')),
  }))
  const tbtRuns = new Map()
  for (const { url, report } of manifest) {
    tbtRuns.set(url, [...(tbtRuns.get(url) ?? []), Math.round(report.audits['total-blocking-time'].numericValue)])
  }
  const medianTbt = (url) => {
    const runs = tbtRuns.get(url)
    const sorted = [...runs].sort((a, b) => a - b)
    const mid = sorted.length >> 1
    const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    return `${Math.round(median)} ms (${runs.join(', ')})`
  }
  const rows = manifest
    .filter((entry) => entry.isRepresentativeRun)
    .map((entry) => {
      const { audits, categories } = entry.report
      const value = (id) => audits[id].numericValue
      const sec = (id) => `${(value(id) / 1000).toFixed(2)} s`
      const kB = (type) => (audits['resource-summary'].details.items.find((i) => i.resourceType === type).transferSize / 1000).toFixed(1)
      const scores = ['performance', 'accessibility', 'best-practices', 'seo'].map((c) => Math.round(categories[c].score * 100))
      const tbt = medianTbt(entry.url)
      const cls = value('cumulative-layout-shift').toFixed(3)
      return [
        new URL(entry.url).pathname,
        ...scores,
        sec('first-contentful-paint'),
        sec('largest-contentful-paint'),
        tbt,
        cls,
        kB('script'),
        kB('total'),
      ]
    })
  return [
    `== Lighthouse CI, median run per route (reports in ${relative(root, REPORTS)}/; ${availableParallelism()} cores, 1-min load average ${loadavg()[0].toFixed(1)}) ==`,
    table(['route', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT (runs)', 'CLS', 'script kB', 'total kB'], rows),
  ].join('\n')
}

async function sideBySideRun(ref) {
  const { chromium } = await import('playwright-core')
  const { startStaticServer } = await import('./static-server.mjs')
  const { CHROMIUM_ARGS, chromiumExecutable } = await import('./chromium.mjs')
  const { buildReference, sideBySide } = await import('./bench/side-by-side.mjs')
  // A commit's live build does not change: it is kept in the temporary folder, by commit, for the next run.
  const sha = spawnSync('git', ['-C', root, 'rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' }).stdout.trim()
  if (!sha) throw new Error(`${ref} is not a commit`)
  const refDist = join(tmpdir(), `bench-ref-dist-${sha}`)
  if (existsSync(join(refDist, 'index.html'))) log(`reusing the build of ${ref} (${sha}) in ${refDist}`)
  else {
    rmSync(refDist, { recursive: true, force: true })
    buildReference({ root, ref: sha, outDir: refDist, env: { ...process.env, ...LIVE_ENV }, log })
  }
  const servers = await Promise.all([startStaticServer(dist, 0), startStaticServer(refDist, 0)])
  const offline = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: [...CHROMIUM_ARGS, offline], timeout: 60_000 })
  try {
    const runs = Math.min(20, Math.max(1, Number.parseInt(option('--side-runs') ?? '3', 10) || 1))
    const routes = (option('--routes') ?? '/,/vet').split(',')
    const origin = (server) => `http://127.0.0.1:${server.address().port}`
    const sides = [
      { name: 'this build', origin: origin(servers[0]) },
      { name: ref, origin: origin(servers[1]) },
    ]
    const text = await sideBySide({ browser, sides, routes, runs, log, table })
    console.log(
      [
        `== Bench side by side: ${relative(root, dist)} against ${ref} (Chromium ${browser.version()}; ${availableParallelism()} cores, 1-min load average ${loadavg()[0].toFixed(1)}) ==`,
        text,
      ].join('\n'),
    )
  } finally {
    await browser.close().catch(() => {})
    await Promise.all(servers.map((server) => new Promise((done) => server.close(() => done()))))
  }
}

async function firstInput() {
  const { chromium } = await import('playwright-core')
  const { startStaticServer } = await import('./static-server.mjs')
  const { CHROMIUM_ARGS, chromiumExecutable } = await import('./chromium.mjs')
  const { firstInputSection } = await import('./bench/first-input-section.mjs')
  const server = await startStaticServer(dist, 0)
  // No internet here: any third-party host fails at once instead of stalling the load.
  const offline = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: [...CHROMIUM_ARGS, offline], timeout: 60_000 })
  try {
    const runs = Math.min(20, Math.max(1, Number.parseInt(option('--first-input-runs') ?? '3', 10) || 1))
    const traceDir = option('--first-input-trace') && resolve(option('--first-input-trace'))
    const origin = `http://127.0.0.1:${server.address().port}`
    // Every page an ad lands on (each opens on a lead form) and, as for Lighthouse, one article for all.
    process.env.BENCH_DIST = dist
    const { LANDING_ROUTES, builtPages } = createRequire(import.meta.url)('./bench/built-site.cjs')
    const routes = [...LANDING_ROUTES, builtPages().find((page) => page.route === '/blog/$slug').path]
    const section = await firstInputSection({ browser, origin, runs, routes, log, table, traceDir })
    const { load } = section
    console.log(
      [
        `== Bench: first input on the live production build (${relative(root, dist)}; Chromium ${browser.version()}; ${availableParallelism()} cores, 1-min load average median ${load.toFixed(1)}) ==`,
        section.text,
        section.over.length ? `== OVER: ${section.over.join(', ')}` : '== all first-input lines PASS',
      ].join('\n'),
    )
  } finally {
    await browser.close().catch(() => {})
    await new Promise((done) => server.close(() => done()))
  }
}
