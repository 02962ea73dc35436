import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'

// Issue 44 point 6 end to end: the landing page counts a visit that came with an ad click once, in a
// POST beacon that names the kinds of click id and never an id, and only with advertising consent
// (given at landing, or later through the banner). Offline it is answered with the function's own
// checks: by the preview server's same-origin stand-in (listed at /__mock/ad-visits) when the boot
// sends it before the app runs, by MSW (window.__mockRequests) once the app runs.
const GCLID = 'Cj0KCQiA_beacon-e2e.1'

type Beacon = { method: string; url: string; body: string | null }
function beaconsOf(page: Page): Beacon[] {
  const beacons: Beacon[] = []
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/ad-visits'))
      beacons.push({ method: request.method(), url: request.url(), body: request.postData() })
  })
  return beacons
}
const banner = (page: Page) => page.getByRole('dialog', { name: 'Your cookies, your call' })
const landing = (keyword: string) => `/vet?gclid=${GCLID}&platform=google&keyword=${keyword}`
async function taken(page: Page, keyword: string) {
  const visits = (await (await page.request.get('/__mock/ad-visits')).json()) as { keyword: string }[]
  const mocked = await page.evaluate(() =>
    ((window as { __mockRequests?: { system: string; body: unknown }[] }).__mockRequests ?? [])
      .filter((entry) => entry.system === 'ad-visits')
      .map((entry) => entry.body as { keyword: string }),
  )
  return [...visits, ...mocked].filter((visit) => visit.keyword === keyword)
}

test('where nobody is asked (default granted): one beacon for the visit, kinds only, taken by the stand-in', async ({ page }, info) => {
  const keyword = `granted-${info.workerIndex}-${Date.now()}`
  const beacons = beaconsOf(page)
  await gotoHydrated(page, landing(keyword))
  await expect.poll(() => beacons.length).toBe(1)
  await gotoHydrated(page, landing(keyword)) // the same visit lands again: not counted twice
  await gotoHydrated(page, '/')
  expect(beacons).toEqual([
    { method: 'POST', url: expect.stringMatching(/\/functions\/v1\/ad-visits$/), body: `platform=google&keyword=${keyword}&kinds=gclid` },
  ])
  expect(beacons[0]!.body).not.toContain(GCLID)
  expect(await taken(page, keyword)).toEqual([{ platform: 'google', keyword, kinds: 'gclid' }])
})

test.describe('a visitor in Europe/Berlin, asked at once', () => {
  test.use({ timezoneId: 'Europe/Berlin' })

  test('no beacon before answering nor after Reject all', async ({ page }, info) => {
    const keyword = `rejected-${info.workerIndex}-${Date.now()}`
    const beacons = beaconsOf(page)
    await gotoHydrated(page, landing(keyword))
    await expect(banner(page)).toBeVisible()
    await banner(page).getByRole('button', { name: 'Reject all' }).click()
    await expect(banner(page)).toBeHidden()
    await gotoHydrated(page, landing(keyword))
    expect(beacons).toEqual([])
    expect(await taken(page, keyword)).toEqual([])
  })

  test('Accept all on the landing page counts the visit then, once', async ({ page }, info) => {
    const keyword = `accepted-${info.workerIndex}-${Date.now()}`
    const beacons = beaconsOf(page)
    await gotoHydrated(page, landing(keyword))
    await expect(banner(page)).toBeVisible()
    expect(beacons).toEqual([])
    await banner(page).getByRole('button', { name: 'Accept all' }).click()
    await expect.poll(() => beacons.length).toBe(1)
    await expect.poll(() => taken(page, keyword)).toEqual([{ platform: 'google', keyword, kinds: 'gclid' }])
    await gotoHydrated(page, landing(keyword))
    expect(beacons.map((beacon) => beacon.body)).toEqual([`platform=google&keyword=${keyword}&kinds=gclid`])
  })
})
