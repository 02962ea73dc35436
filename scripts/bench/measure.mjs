// One throttled page load in a fresh browser context: paint and hydration timings from the page,
// transfer sizes from the browser's own network events (CDP), so nothing about the bundle is guessed.
import { pageProbe } from './page-probe.mjs'
import { cumulativeLayoutShift, totalBlockingTime } from './metrics.mjs'
import { showWholeViewport } from './whole-viewport.mjs'

// A mid-range phone on a slow 4G link. Throughput in Lighthouse's units (1 Mbps = 1024 kbit/s).
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
}
export const CPU_SLOWDOWN = 4
export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
const AFTER_LOAD_MS = 2000
const NAV_TIMEOUT_MS = 60_000
const HYDRATION_TIMEOUT_MS = 30_000

const isLocal = (url) => /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url)
const kind = (r) => {
  if (r.type === 'Document') return 'html'
  if (/css/.test(r.mime ?? '') || /\.css(\?|$)/.test(r.url)) return 'css'
  if (/javascript/.test(r.mime ?? '') || /\.m?js(\?|$)/.test(r.url)) return 'js'
  return 'other'
}

const withTimeout = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms).unref())])

/**
 * Loads `url` once on the emulated phone. `blockScripts` loads the same page with every script
 * blocked: the prerendered HTML and CSS alone, the floor the hydrating page is compared with.
 */
export async function measureLoad(browser, url, { blockScripts = false } = {}) {
  const context = await browser.newContext(PHONE)
  try {
    await context.addInitScript(pageProbe)
    const page = await context.newPage()
    await showWholeViewport(browser, page)
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' && !(blockScripts && /ERR_BLOCKED_BY_CLIENT/.test(message.text()))) errors.push(message.text())
    })

    const cdp = await context.newCDPSession(page)
    const requests = new Map()
    cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, type: e.type, sentAt: e.timestamp }))
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId)
      if (r) Object.assign(r, { status: e.response.status, mime: e.response.mimeType, headerBytes: e.response.encodedDataLength })
    })
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId)
      if (r) r.wireBytes = e.encodedDataLength
    })
    cdp.on('Network.loadingFailed', (e) => {
      const r = requests.get(e.requestId)
      if (r) r.failed = e.blockedReason ?? e.errorText
    })
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', NETWORK)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    if (blockScripts) await cdp.send('Network.setBlockedURLs', { urls: ['*.js', '*.mjs'] })

    const response = await page.goto(url, { waitUntil: 'load', timeout: NAV_TIMEOUT_MS })
    if (!response || response.status() !== 200) throw new Error(`${url}: HTTP ${response?.status()}`)
    const loadEnd = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? performance.now())
    const hydrated = blockScripts
      ? null
      : await withTimeout(
          page.evaluate(() => window.__bench.whenHydrated),
          HYDRATION_TIMEOUT_MS,
          `${url} hydration`,
        )
    const windowEnd = Math.max(loadEnd, hydrated ?? 0) + AFTER_LOAD_MS
    const now = await page.evaluate(() => performance.now())
    if (windowEnd > now) await page.waitForTimeout(windowEnd - now)

    const probe = await page.evaluate(() => {
      const { whenHydrated: _, ...rest } = window.__bench
      return rest
    })
    const docRequest = [...requests.values()].find((r) => r.type === 'Document')
    // CDP stamps requests on a monotonic clock; the document request is sent at (about) page time 0.
    const toPageTime = (r) => (r.sentAt - docRequest.sentAt) * 1000
    const resources = [...requests.values()]
      .filter((r) => isLocal(r.url))
      .map((r) => ({
        url: new URL(r.url).pathname,
        kind: kind(r),
        at: toPageTime(r),
        wire: r.wireBytes ?? 0,
        body: Math.max(0, (r.wireBytes ?? 0) - (r.headerBytes ?? 0)),
        failed: r.failed,
      }))
    const external = [...requests.values()].filter((r) => !isLocal(r.url) && !/^data:|^blob:/.test(r.url)).map((r) => new URL(r.url).host)
    const documentTiming = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0]
      return { requestStart: nav.requestStart, responseEnd: nav.responseEnd }
    })

    return {
      fcp: probe.fcp,
      lcp: probe.lcp,
      lcpElement: probe.lcpElement,
      cls: cumulativeLayoutShift(probe.shifts),
      tbt: probe.fcp === null ? NaN : totalBlockingTime(probe.longTasks, probe.fcp, windowEnd),
      longTasks: probe.longTasks.length,
      hydrated,
      // Before the mark existed (or in a build without it) interactive means fully hydrated.
      interactive: probe.interactive ?? hydrated,
      loadEnd,
      documentFetchMs: documentTiming.responseEnd - documentTiming.requestStart,
      resources,
      external,
      errors,
    }
  } finally {
    await context.close().catch(() => {})
  }
}

/** Bytes by kind for what the page fetched before it was interactive (shell hydrated), and what it fetched later. */
export function transferSummary(resources, hydratedAt) {
  const sum = (list) => list.reduce((n, r) => n + r.body, 0)
  const before = resources.filter((r) => !r.failed && (hydratedAt === null || r.at <= hydratedAt))
  const later = resources.filter((r) => !r.failed && hydratedAt !== null && r.at > hydratedAt)
  const by = (k) => before.filter((r) => r.kind === k)
  return {
    html: sum(by('html')),
    css: sum(by('css')),
    js: sum(by('js')),
    other: sum(by('other')),
    total: sum(before),
    jsFiles: by('js').map((r) => ({ url: r.url, body: r.body })),
    laterJs: later.filter((r) => r.kind === 'js').map((r) => ({ url: r.url, body: r.body })),
  }
}
