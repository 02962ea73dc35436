// For each missed target of a route, what stands between the route and it, read from the
// Lighthouse audits of the route's median-LCP run (see `diagnose` in lighthouse.mjs), and for a
// script budget, the packages those scripts hold (script-packages.mjs).
import { bytesByPackage } from './script-packages.mjs'

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`
const BLOCKED_FROM_INDEXING = 'Page is blocked from indexing'
const METRIC_NAMES = { fcp: 'FCP', lcp: 'LCP', si: 'SI', tbt: 'TBT', cls: 'CLS' }

function lcpReason(why) {
  const { ttfb, loadDelay, loadTime, renderDelay } = why.lcpPhases
  const phases = [`TTFB ${ttfb} ms`]
  if (loadTime > 0) phases.push(`load delay ${loadDelay} ms`, `load time ${loadTime} ms`)
  phases.push(`render delay ${renderDelay} ms`)
  const blocking = why.renderBlocking.map((r) => `${r.name} (${kb(r.bytes)}, ${r.ms} ms)`)
  return [
    why.lcpElement ? `LCP element "${why.lcpElement}"` : 'LCP element unknown',
    phases.join(' + '),
    blocking.length ? `render-blocking: ${blocking.join(', ')}` : 'nothing render-blocking',
  ].join('; ')
}

/** Each missed target of a route (`miss`, as the table shows it) and why, from the run's own audits. */
export function explainMisses({ ours, spa, landing, targets, scriptPackages = null, noindex = false }) {
  const why = ours.why
  const out = []
  const add = (miss, reason) => out.push({ miss, why: reason })
  for (const [c, score] of Object.entries(ours.scores)) {
    if (score >= targets.score) continue
    if (c === 'performance') {
      const lowest = Object.entries(ours.metricScores ?? {})
        .filter(([, score]) => score < 1)
        .sort((a, b) => a[1] - b[1])
        .map(([metric, score]) => `${METRIC_NAMES[metric]} scores ${score.toFixed(2)}`)
      add(`performance ${score}`, lowest.join(', ') || 'rounding of the weighted metrics')
    } else {
      const failed = why?.failedAudits?.[c] ?? []
      // A page marked noindex in the table of pages fails Lighthouse's crawlable audit by design.
      const onPurpose = noindex && c === 'seo' && failed.length === 1 && failed[0] === BLOCKED_FROM_INDEXING
      add(
        `${c} ${score}`,
        onPurpose
          ? `${BLOCKED_FROM_INDEXING}: noindex on purpose, kept out of search`
          : failed.join('; ') || 'no failing audit in the median run',
      )
    }
  }
  // Judged as shown: the table prints whole milliseconds.
  if (!(Math.round(ours.tbt) <= targets.tbtMs)) {
    const tasks = why?.longTasks?.map((t) => `${t.name} ${t.ms} ms`) ?? []
    add(`TBT ${Math.round(ours.tbt)} ms`, tasks.length ? `longest tasks: ${tasks.join(', ')}` : 'no long task listed')
  }
  if (!(ours.cls <= targets.cls)) add(`CLS ${ours.cls.toFixed(3)}`, 'see the layout-shift audits')
  if (!(ours.lcp <= targets.lcpMs)) add(`LCP ${(ours.lcp / 1000).toFixed(2)} s`, why ? lcpReason(why) : 'no diagnosis')
  if (landing && !(ours.scriptBeforeInteractive / 1000 <= targets.landingScriptKb)) {
    const list = why?.scriptsBeforeInteractive ?? []
    const scripts = list.map((s) => `${s.name} ${kb(s.bytes)}`).join(', ')
    const packages = scriptPackages && list.length ? bytesByPackage(list, scriptPackages).map((p) => `${p.name} ${kb(p.bytes)}`) : []
    add(
      `script before interactive ${kb(ours.scriptBeforeInteractive)}`,
      [packages.length ? `by package: ${packages.join(', ')}` : '', scripts ? `by file: ${scripts}` : ''].filter(Boolean).join('; ') ||
        'no script list',
    )
  }
  const ratio = ours.lcp / spa.lcp
  if (!(ratio <= targets.lcpRatio))
    add(`LCP ratio ${ratio.toFixed(2)}`, `ours ${(ours.lcp / 1000).toFixed(2)} s over the SPA's ${(spa.lcp / 1000).toFixed(2)} s`)
  return out
}
