import { test, expect, gotoHydrated } from './fixtures'

type Recorded = { name: string; metric?: string; value?: number }

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
  const vitals = async () =>
    (await page.evaluate(() => (window as unknown as { __analyticsEvents?: Recorded[] }).__analyticsEvents ?? []))
      .filter((e) => e.name === 'web_vital')
      .map((e) => e.metric)
      .sort()
  await expect.poll(vitals).toEqual(expect.arrayContaining(['CLS', 'LCP']))
  const events = await page.evaluate(() => (window as unknown as { __analyticsEvents?: Recorded[] }).__analyticsEvents ?? [])
  const lcp = events.find((e) => e.metric === 'LCP')
  expect(lcp?.value).toBeGreaterThan(0)
})
