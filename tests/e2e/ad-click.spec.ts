import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { fillLeadForm, holdAppScript, leadRequests } from './lead-helpers'

// Issue 44 point 1 end to end: an ad click's id goes with the lead only once advertising is allowed,
// in the POST body with the consent of that moment, and no URL the page loads or lands on ever
// carries what the visitor typed.
const GCLID = 'Cj0KCQiA_e2e-test.1'
const LANDING = `/vet?gclid=${GCLID}&platform=google&keyword=x`
const TYPED = [
  'Sam Carter',
  'Sam%20Carter',
  'Sam+Carter',
  'sam@carter.example',
  'sam%40carter.example',
  '0422470721',
  '45 Oak Avenue',
  '45%20Oak',
]

const banner = (page: Page) => page.getByRole('dialog', { name: 'Your cookies, your call' })
const keptClick = (page: Page) => page.evaluate(() => sessionStorage.getItem('visit-click'))

/** Every URL the page requests or navigates to, from now on. */
function urlsOf(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  page.on('framenavigated', (frame) => urls.push(frame.url()))
  return urls
}
const expectNothingTypedIn = (urls: readonly string[]) => {
  for (const url of urls) for (const text of TYPED) expect(url, url).not.toContain(text)
}

async function sendLead(page: Page) {
  // /vet's own choice of locations.
  await fillLeadForm(page, undefined, '2-5')
  await page.getByRole('button', { name: 'Get My Free Consultation' }).first().click()
  await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
  const [request] = await leadRequests(page)
  return request?.body as { attribution?: Record<string, unknown> } | undefined
}

test.describe('a visitor in Europe/Berlin who lands from a Google ad', () => {
  test.use({ timezoneId: 'Europe/Berlin' })

  test('keeps no click before answering; after Accept all the lead’s POST body carries the click and that consent', async ({ page }) => {
    const urls = urlsOf(page)
    await gotoHydrated(page, LANDING)
    await expect(banner(page)).toBeVisible()
    expect(await keptClick(page)).toBeNull()

    await banner(page).getByRole('button', { name: 'Accept all' }).click()
    await expect(banner(page)).toBeHidden()
    expect(JSON.parse((await keptClick(page)) ?? 'null')).toMatchObject({ clickIds: { gclid: GCLID } })

    const body = await sendLead(page)
    expect(body?.attribution).toEqual({
      platform: 'google',
      keyword: 'x',
      clickIds: { gclid: GCLID },
      clickAt: expect.any(Number),
      landingUrl: expect.stringMatching(/^http:\/\/[^/?#]+\/vet$/),
      consent: {
        asked: true,
        source: 'banner',
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
      },
    })
    expect(Math.abs((body!.attribution!.clickAt as number) - Date.now())).toBeLessThan(5 * 60_000)
    expectNothingTypedIn([...urls, page.url()])
  })

  test('after Reject all the lead carries its tracking and the refusal, and no click id', async ({ page }) => {
    await gotoHydrated(page, LANDING)
    await banner(page).getByRole('button', { name: 'Reject all' }).click()
    expect(await keptClick(page)).toBeNull()
    expect((await sendLead(page))?.attribution).toEqual({
      platform: 'google',
      keyword: 'x',
      clickIds: {},
      clickAt: null,
      landingUrl: null,
      consent: {
        asked: true,
        source: 'banner',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
      },
    })
  })
})

test('where nobody is asked (UTC, default granted), the native post before the script runs carries the click in its body', async ({
  page,
  request,
}) => {
  const urls = urlsOf(page)
  await holdAppScript(page)
  // With the script held, the page's `load` waits for it once the boot has asked for it: wait for
  // the parsed document instead, here and on /thanks.
  await page.goto(LANDING, { waitUntil: 'domcontentloaded' })
  // One address per attempt: the stand-in keeps every post of the run.
  const email = `sam${test.info().repeatEachIndex}-${test.info().retry}@carter.example`
  const form = page.locator('form:has([name="business"])').first()
  await form.locator('select[name="locations"]').selectOption({ index: 1 })
  for (const [name, value] of Object.entries({
    name: 'Sam Carter',
    phone: '0422470721',
    email,
    business: '45 Oak Avenue',
  }))
    await form.locator(`[name="${name}"]`).fill(value)
  await Promise.all([page.waitForURL(/\/thanks/, { waitUntil: 'domcontentloaded' }), form.locator('button[type="submit"]').click()])

  const received = (await (await request.get('/__mock/native-leads')).json()) as {
    submission: { lead: { email: string }; attribution?: unknown }
  }[]
  const mine = received.filter((lead) => lead.submission.lead.email === email)
  expect(mine.map((lead) => lead.submission.attribution)).toEqual([
    expect.objectContaining({
      platform: 'google',
      clickIds: { gclid: GCLID },
      consent: expect.objectContaining({ asked: false, source: 'not-asked', ad_user_data: 'granted' }),
    }),
  ])
  expectNothingTypedIn([...urls, page.url()])
})
