// One Lighthouse run: mobile preset (Lighthouse's default: a Moto G Power on slow 4G, simulated
// throttling), the four categories, in a fresh Debian Chromium. Returns the figures the bench prints.
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { CHROMIUM_ARGS, chromiumExecutable } from '../chromium.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
// No internet here: third-party hosts fail at once instead of stalling the run.
const OFFLINE_RULE = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'

const METRIC_AUDITS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  si: 'speed-index',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
}
const numeric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN
const bytesOf = (lhr, type) =>
  lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === type)?.transferSize ?? NaN

/**
 * Script requested before the shell hydrated (the app's `shell-hydrated` mark, from the user-timings
 * audit): what a visitor waits for before the page responds. Deferred parts load after it. Both
 * times are from the observed (unthrottled) run, measured from the navigation's first request.
 */
const shellHydratedAt = (lhr) => lhr.audits['user-timings']?.details?.items?.find((item) => item.name === 'shell-hydrated')?.startTime

function scriptBeforeInteractive(lhr) {
  const mark = shellHydratedAt(lhr)
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  if (!Number.isFinite(mark)) return NaN
  return requests
    .filter((r) => r.resourceType === 'Script' && Number.isFinite(r.networkRequestTime) && r.networkRequestTime <= mark)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
}

const fileName = (url) => {
  try {
    return new URL(url).pathname.split('/').pop() || url
  } catch {
    return String(url)
  }
}

/** Audits of a category that lost points, by title (why a score is under 100). */
function failedAudits(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && typeof lhr.audits[ref.id]?.score === 'number' && lhr.audits[ref.id].score < 1)
    .map((ref) => lhr.audits[ref.id].title)
}

/**
 * Where the time goes, from Lighthouse's own audits: the LCP element and its phases (simulated),
 * the render-blocking requests, the longest main-thread tasks and the scripts before interactive.
 */
function diagnose(lhr, mark) {
  const [elementTable, phaseTable] = lhr.audits['largest-contentful-paint-element']?.details?.items ?? []
  const node = elementTable?.items?.[0]?.node
  const [ttfb, loadDelay, loadTime, renderDelay] = (phaseTable?.items ?? []).map((item) => Math.round(item.timing))
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  return {
    lcpElement: node ? `${node.nodeLabel ?? ''}`.slice(0, 60) || node.selector : null,
    lcpPhases: { ttfb, loadDelay, loadTime, renderDelay },
    renderBlocking: (lhr.audits['render-blocking-resources']?.details?.items ?? []).map((item) => ({
      name: fileName(item.url),
      bytes: item.totalBytes,
      ms: Math.round(item.wastedMs),
    })),
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
      .slice()
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((task) => ({ name: fileName(task.url), ms: Math.round(task.duration) })),
    scriptsBeforeInteractive: Number.isFinite(mark)
      ? requests
          .filter((r) => r.resourceType === 'Script' && r.networkRequestTime <= mark)
          .map((r) => ({ name: fileName(r.url), bytes: r.transferSize ?? 0 }))
          .sort((a, b) => b.bytes - a.bytes)
      : [],
    failedAudits: Object.fromEntries(CATEGORIES.filter((c) => c !== 'performance').map((c) => [c, failedAudits(lhr, c)])),
  }
}

export async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? chromiumExecutable,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, OFFLINE_RULE],
    logLevel: 'silent',
  })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })
    const lhr = result?.lhr
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`)
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? NaN) * 100)])),
      ...Object.fromEntries(Object.entries(METRIC_AUDITS).map(([key, id]) => [key, numeric(lhr, id)])),
      scriptBytes: bytesOf(lhr, 'script'),
      scriptBeforeInteractive: scriptBeforeInteractive(lhr),
      totalBytes: bytesOf(lhr, 'total'),
      metricScores: Object.fromEntries(Object.entries(METRIC_AUDITS).map(([key, id]) => [key, lhr.audits[id]?.score ?? NaN])),
      why: diagnose(lhr, shellHydratedAt(lhr)),
    }
  } finally {
    chrome.kill()
  }
}

export const LIGHTHOUSE_CATEGORIES = CATEGORIES
