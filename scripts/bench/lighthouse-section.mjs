// Section 5 of `npm run bench`: Lighthouse (mobile preset, simulated throttling) on every route of
// the prerendered build and of the client-only build of the same site, runs interleaved so machine
// noise spreads over both; medians, targets, ratios ours/theirs, written as Markdown and JSON.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { lighthouseRun, LIGHTHOUSE_CATEGORIES } from './lighthouse.mjs'
import { median } from './metrics.mjs'
import { explainMisses } from './lighthouse-why.mjs'

export const LANDING_ROUTES = ['/', '/vet', '/vet1', '/qrb', '/konversable', '/x18']
export const TARGETS = { score: 100, tbtMs: 30, cls: 0, lcpMs: 1300, landingScriptKb: 100, lcpRatio: 0.6 }

const FIGURES = ['fcp', 'lcp', 'si', 'tbt', 'cls', 'scriptBeforeInteractive', 'scriptBytes', 'totalBytes']

function summarise(runs) {
  const ok = runs.filter((r) => !r.error)
  const out = { runs: ok.length, errors: runs.filter((r) => r.error).map((r) => r.error) }
  for (const key of FIGURES) out[key] = median(ok.map((r) => r[key]))
  out.scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, median(ok.map((r) => r.scores[c]))]))
  const metrics = Object.keys(ok[0]?.metricScores ?? {})
  out.metricScores = Object.fromEntries(metrics.map((m) => [m, median(ok.map((r) => r.metricScores[m]))]))
  // The diagnosis of the run whose LCP is nearest the median stands for the route.
  out.why = ok.slice().sort((a, b) => Math.abs(a.lcp - out.lcp) - Math.abs(b.lcp - out.lcp))[0]?.why ?? null
  return out
}

export async function lighthouseSection({ routes, runs, ours, spa, log, outFile, scriptPackages = null, noindexRoutes = [] }) {
  const samples = new Map(routes.map((r) => [r, { ours: [], spa: [] }]))
  for (let round = 0; round < runs; round++) {
    for (const route of routes) {
      for (const [side, origin] of [
        ['ours', ours],
        ['spa', spa],
      ]) {
        const result = await lighthouseRun(origin + route).catch((error) => ({ error: error.message.split('\n')[0] }))
        samples.get(route)[side].push(result)
        log(
          `lighthouse ${side} ${route} ${round + 1}/${runs}: ${result.error ?? `perf ${result.scores.performance}, LCP ${Math.round(result.lcp)} ms, TBT ${Math.round(result.tbt)} ms`}`,
        )
      }
    }
  }

  const rows = routes.map((route) => {
    const o = summarise(samples.get(route).ours)
    const s = summarise(samples.get(route).spa)
    const misses = explainMisses({
      ours: o,
      spa: s,
      landing: LANDING_ROUTES.includes(route),
      targets: TARGETS,
      scriptPackages,
      noindex: noindexRoutes.includes(route),
    })
    return { route, ours: o, spa: s, lcpRatio: o.lcp / s.lcp, tbtRatio: s.tbt > 0 ? o.tbt / s.tbt : null, misses }
  })
  const markdown = toMarkdown(rows, runs)
  if (outFile) {
    mkdirSync(dirname(outFile), { recursive: true })
    writeFileSync(`${outFile}.md`, markdown)
    writeFileSync(`${outFile}.json`, `${JSON.stringify({ runs, targets: TARGETS, rows }, null, 2)}\n`)
  }
  return markdown
}

const s2 = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a')
const ms0 = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'n/a')
const kb = (b) => (Number.isFinite(b) ? (b / 1000).toFixed(1) : 'n/a')
const x = (r) => (r === null ? 'n/a (SPA 0 ms)' : Number.isFinite(r) ? `${r.toFixed(2)}` : 'n/a')

function toMarkdown(rows, runs) {
  const head =
    '| route | perf | a11y | best pr. | SEO | FCP | LCP | SI | TBT | CLS | script before interactive KB | script KB | total KB | SPA LCP | SPA TBT | LCP ours/SPA | TBT ours/SPA | targets |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|'
  const body = rows.map(({ route, ours: o, spa: s, lcpRatio, tbtRatio, misses: m }) =>
    [
      `\`${route}\``,
      ...LIGHTHOUSE_CATEGORIES.map((c) => o.scores[c]),
      s2(o.fcp),
      s2(o.lcp),
      s2(o.si),
      ms0(o.tbt),
      Number.isFinite(o.cls) ? o.cls.toFixed(3) : 'n/a',
      kb(o.scriptBeforeInteractive),
      kb(o.scriptBytes),
      kb(o.totalBytes),
      s2(s.lcp),
      ms0(s.tbt),
      x(lcpRatio),
      x(tbtRatio),
      m.length ? `missed: ${m.map((miss) => miss.miss).join(', ')}` : 'all met',
    ].join(' | '),
  )
  const errors = rows.flatMap(({ route, ours: o, spa: s }) => [
    ...o.errors.map((e) => `${route} ours: ${e}`),
    ...s.errors.map((e) => `${route} SPA: ${e}`),
  ])
  return [
    `Lighthouse ${runs} run(s) per route and build, medians; mobile preset, simulated throttling, Debian Chromium headless without a GPU.`,
    'Bytes are gzip transfer sizes (KB = 1000 B). Script before interactive: requested before the shell hydrated (the `shell-hydrated` mark); deferred parts load after it and count in script KB.',
    'SPA = the same site built client-only (one empty HTML shell, scripts render everything).',
    `Targets: all scores ${TARGETS.score}, TBT ≤ ${TARGETS.tbtMs} ms, CLS ${TARGETS.cls}, LCP ≤ ${TARGETS.lcpMs / 1000} s, landing routes ≤ ${TARGETS.landingScriptKb} KB of script before interactive, LCP ours/SPA ≤ ${TARGETS.lcpRatio}.`,
    '',
    head,
    ...body.map((line) => `| ${line} |`),
    '',
    'What stands between each route and its missed targets (from the audits of its median-LCP run):',
    '',
    ...rows.flatMap(({ route, misses: m }) =>
      m.length ? [`- \`${route}\`: ${m.map((miss) => `${miss.miss} (${miss.why})`).join('; ')}`] : [`- \`${route}\`: every target met`],
    ),
    ...(errors.length ? ['', 'Failed runs (left out of the medians):', ...errors.map((e) => `- ${e}`)] : []),
    '',
  ].join('\n')
}
