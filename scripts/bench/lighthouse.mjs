// One Lighthouse run: mobile preset (Lighthouse's default: a Moto G Power on slow 4G, simulated
// throttling), the four categories, in a fresh Debian Chromium. Returns the figures the bench prints.
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { CHROMIUM_ARGS, chromiumExecutable } from '../chromium.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
// No internet here: third-party hosts fail at once instead of stalling the run.
const OFFLINE_RULE = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'

const numeric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN
const bytesOf = (lhr, type) =>
  lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === type)?.transferSize ?? NaN

/**
 * Script requested before the shell hydrated (the app's `shell-hydrated` mark, from the user-timings
 * audit): what a visitor waits for before the page responds. Deferred parts load after it. Both
 * times are from the observed (unthrottled) run, measured from the navigation's first request.
 */
function scriptBeforeInteractive(lhr) {
  const mark = lhr.audits['user-timings']?.details?.items?.find((item) => item.name === 'shell-hydrated')?.startTime
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  if (!Number.isFinite(mark)) return NaN
  return requests
    .filter((r) => r.resourceType === 'Script' && Number.isFinite(r.networkRequestTime) && r.networkRequestTime <= mark)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
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
      fcp: numeric(lhr, 'first-contentful-paint'),
      lcp: numeric(lhr, 'largest-contentful-paint'),
      si: numeric(lhr, 'speed-index'),
      tbt: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      scriptBytes: bytesOf(lhr, 'script'),
      scriptBeforeInteractive: scriptBeforeInteractive(lhr),
      totalBytes: bytesOf(lhr, 'total'),
    }
  } finally {
    chrome.kill()
  }
}

export const LIGHTHOUSE_CATEGORIES = CATEGORIES
