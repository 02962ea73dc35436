import { test, expect, gotoHydrated } from './fixtures'

type Vital = { name: string; value: number; rating: string; id: string }
const vitals = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __webVitals?: Vital[] }).__webVitals ?? [])

test('real-visitor Core Web Vitals reach the analytics once the page is hidden', async ({ page }) => {
  await gotoHydrated(page, '/')
  // web-vitals loads when the hydrated page is idle; an interaction gives INP something to measure.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /web-vitals/.test(r.name)))).toBe(true)
  await page.mouse.click(5, 400)
  // What a tab switch or closing the tab does: the metrics are final and get reported.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect.poll(async () => (await vitals(page)).map((v) => v.name).sort()).toEqual(expect.arrayContaining(['CLS', 'LCP']))
  const lcp = (await vitals(page)).find((v) => v.name === 'LCP')
  expect(lcp?.value).toBeGreaterThan(0)
  expect(['good', 'needs-improvement', 'poor']).toContain(lcp?.rating)
  // The ad and lead events stay apart: no vital is ever sent as a conversion.
  expect(await page.evaluate(() => (window as unknown as { __analyticsEvents?: unknown[] }).__analyticsEvents)).toEqual([])
})
