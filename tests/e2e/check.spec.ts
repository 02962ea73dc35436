import type { Locator, Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { expect, gotoHydrated, test } from './fixtures'
import { expectWaysToReachUs } from './contact-helpers'
import { expectAxeClean } from './axe-helper'
import { leadRequests } from './lead-helpers'

const businessBox = (page: Page) => page.getByRole('combobox', { name: 'Your business' })

/** Tabs (or Shift+Tabs) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 60, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press(key)
  await expect(target).toBeFocused()
}

/** Types a name fragment into the business search and picks the first suggestion. */
async function pickBusiness(page: Page, fragment: string, expected: string) {
  await tabTo(page, businessBox(page))
  await page.keyboard.type(fragment)
  const options = page.getByRole('listbox', { name: 'Your business suggestions' }).getByRole('option')
  await expect(options.first()).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(businessBox(page)).toHaveValue(expected)
}

async function runCheck(page: Page) {
  await tabTo(page, page.getByRole('button', { name: 'Check my reviews' }))
  await page.keyboard.press('Enter')
}

test('from the home page to a shareable result, the gap, the review link, its QR code and a booked call, by keyboard alone', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await gotoHydrated(page, '/')
  await tabTo(page, page.getByRole('link', { name: 'Check your reviews free' }))
  // Timed from following the link: the Tab presses before it are this test's own round trips.
  const started = Date.now()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/check$/)
  await expect(page.getByRole('heading', { level: 1, name: 'How Do You Stack Up Locally?' })).toBeVisible()

  await pickBusiness(page, 'harbourside', 'Harbourside Veterinary Clinic, 221 King Street, Newtown NSW 2042, Australia')
  await expect(page.getByLabel('Search radius')).toHaveValue('5')
  await runCheck(page)

  const headline = page.getByRole('heading', { level: 2, name: '4.6 stars, 212 reviews, #3 of 10 vets within 5 km' })
  await expect(headline).toBeFocused()
  await expect(page).toHaveURL(/\/check\?place=mock-vet-harbourside&radius=5$/)
  expect(Date.now() - started).toBeLessThan(10_000)
  const rows = page.getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(11)
  await expect(rows.nth(3)).toContainText('Your business')
  await expect(rows.nth(3).getByRole('link', { name: /Harbourside Veterinary Clinic on Google Maps/ })).toHaveAttribute(
    'href',
    /maps\.google\.com/,
  )
  await expect(page.getByText('212 new 5-star reviews would lift you to 4.8 stars.')).toBeVisible()
  await expect(page.getByText('Google Maps', { exact: true })).toBeVisible()
  await expectAxeClean(page, 'check: result')

  await tabTo(page, page.getByLabel('Target rating'))
  await page.keyboard.press('ArrowUp')
  await expect(page.getByText('71 new 5-star reviews would lift you to 4.7 stars.')).toBeVisible()

  await tabTo(page, page.getByRole('button', { name: 'Copy link' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Review link copied' })).toBeVisible()
  const link = 'https://search.google.com/local/writereview?placeid=mock-vet-harbourside'
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  await expect(page.getByLabel('Your direct review link')).toHaveValue(link)

  await tabTo(page, page.getByRole('link', { name: 'Download the QR code (PNG)' }))
  const download = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  const file = await download
  expect(file.suggestedFilename()).toBe('review-link-qr.png')
  const png = readFileSync((await file.path())!)
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

  // The call to action sits under the gap's numbers, above the table and the link.
  await tabTo(page, page.getByRole('button', { name: 'Book a call to close the gap' }), 60, 'Shift+Tab')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('combobox', { name: 'Business address' })).toHaveValue(
    'Harbourside Veterinary Clinic, 221 King Street, Newtown NSW 2042, Australia',
  )
  await expectAxeClean(page, 'check: book a call')
  await tabTo(page, dialog.getByLabel('Number of locations'))
  await page.keyboard.type('1')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Riley Vet')
  await page.keyboard.press('Tab')
  await page.keyboard.type('0422470721')
  await page.keyboard.press('Tab')
  await page.keyboard.type('riley@harbourside.example')
  await tabTo(page, dialog.getByRole('button', { name: /Book|Submit|Get/ }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()

  const [lead] = await leadRequests(page)
  expect(lead?.body).toMatchObject({
    lead: { business: 'Harbourside Veterinary Clinic, 221 King Street, Newtown NSW 2042, Australia', name: 'Riley Vet' },
    source: { path: '/check', label: 'Review Check Page' },
    check: { placeId: 'mock-vet-harbourside', rating: 4.6, reviewCount: 212, rank: 3, radiusKm: 5 },
  })
})

test('the veterinary pages lead to the check too', async ({ page }) => {
  for (const path of ['/vet', '/vet1']) {
    await gotoHydrated(page, path)
    await expect(page.getByRole('link', { name: 'Check your reviews free' })).toHaveAttribute('href', /^\/check/)
  }
})

test('a shared result URL runs the check again, and the result reads on a 390 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, '/check?place=mock-vet-harbourside&radius=10')
  await expect(page.getByRole('heading', { level: 2, name: '4.6 stars, 212 reviews, #5 of 10 vets within 10 km' })).toBeVisible()
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(11)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  const table = await page.getByRole('table').boundingBox()
  expect(table!.x + table!.width).toBeLessThanOrEqual(390)
})

test('no competitors offers a wider radius; a business without reviews is given its review link', async ({ page }) => {
  await gotoHydrated(page, '/check?place=mock-locksmith-newtown&radius=2')
  await expect(page.getByText('We found no other businesses of your kind within this radius.')).toBeVisible()
  await expectAxeClean(page, 'check: no competitors')
  await tabTo(page, page.getByRole('button', { name: 'Search within 10 km' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: /#1 of 1 locksmith within 10 km/ })).toBeVisible()
  await expect(page.getByText(/Even within 10 km/)).toBeVisible()

  await gotoHydrated(page, '/check')
  await pickBusiness(page, 'king street smiles', 'King Street Smiles, 380 King Street, Newtown NSW 2042, Australia')
  await runCheck(page)
  await expect(page.getByRole('heading', { level: 2, name: /^No stars yet, 0 reviews/ })).toBeVisible()
  await expect(page.getByText(/no Google reviews yet/)).toBeVisible()
  await expect(page.getByLabel('Your direct review link')).toHaveValue(/placeid=mock-dentist-king-street-smiles$/)
  await expectAxeClean(page, 'check: no reviews')
})

test('Back and Forward move between the results the visitor saw and the picker', async ({ page }) => {
  const noneNearby = page.getByText('We found no other businesses of your kind within this radius.')
  const widened = page.getByRole('heading', { level: 2, name: /#1 of 1 locksmith within 10 km/ })
  await gotoHydrated(page, '/check')
  await page.goto('/check?place=mock-locksmith-newtown&radius=2')
  await expect(noneNearby).toBeVisible()
  await page.getByRole('button', { name: 'Search within 10 km' }).click()
  await expect(widened).toBeVisible()
  await expect(page).toHaveURL(/place=mock-locksmith-newtown&radius=10$/)

  await page.goBack()
  await expect(page).toHaveURL(/radius=2$/)
  await expect(noneNearby).toBeVisible()
  await page.goForward()
  await expect(widened).toBeVisible()

  await page.getByRole('button', { name: 'Check another business' }).click()
  await expect(page).toHaveURL(/\/check$/)
  await expect(businessBox(page)).toBeVisible()
  await page.goBack()
  await expect(widened).toBeVisible()
  await page.goBack()
  await page.goBack()
  await expect(page).toHaveURL(/\/check$/)
  await expect(businessBox(page)).toBeVisible()
  await expect(widened).toBeHidden()
})

test.describe('failures, each reached by a scenario and explained', () => {
  // The browser logs each failed answer (429, 502, 503) on its own; the page explains them.
  test.use({ allowedConsoleErrors: [/status of (429|502|503)/] })

  /** A check that cannot run still leads somewhere: the lead form with the business, and the phone. */
  async function expectReportByHand(page: Page, business: string) {
    const offer = page.getByRole('region', { name: 'Or let a specialist run it for you' })
    await expect(offer.getByRole('combobox', { name: 'Business address' })).toHaveValue(business)
    await expectWaysToReachUs(offer)
    await expect(offer.getByRole('button', { name: 'Get My Free Consultation' })).toBeVisible()
  }

  test('rate limited: the wait in words, and the lead form and the phone instead', async ({ page }) => {
    await gotoHydrated(page, '/check?mock=check-limited')
    await pickBusiness(page, 'harbourside', 'Harbourside Veterinary Clinic, 221 King Street, Newtown NSW 2042, Australia')
    await runCheck(page)
    await expect(page.getByRole('alert')).toContainText('Please try again in 25 minutes.')
    await expectReportByHand(page, 'Harbourside Veterinary Clinic, 221 King Street, Newtown NSW 2042, Australia')
    await expectAxeClean(page, 'check: rate limited')
  })

  test('Places failing from the picker: the lead form with the business and the phone beside Try again', async ({ page }) => {
    await gotoHydrated(page, '/check?mock=check-down')
    await pickBusiness(page, 'newtown plumbing', 'Newtown Plumbing Co, 45 Wilson Street, Newtown NSW 2042, Australia')
    await runCheck(page)
    await expect(page.getByRole('alert')).toContainText('Google Maps did not answer')
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expectReportByHand(page, 'Newtown Plumbing Co, 45 Wilson Street, Newtown NSW 2042, Australia')
    // The picker stays live under the message: another business is checked from it.
    await page.evaluate(() => sessionStorage.removeItem('mock-scenario'))
    await businessBox(page).fill('')
    await pickBusiness(page, 'harbourside', 'Harbourside Veterinary Clinic, 221 King Street, Newtown NSW 2042, Australia')
    await runCheck(page)
    await expect(page.getByRole('heading', { level: 2, name: /#3 of 10 vets/ })).toBeVisible()
  })

  test('Places failing: a clear message and a retry', async ({ page }) => {
    await gotoHydrated(page, '/check?mock=check-down&place=mock-vet-harbourside&radius=5')
    await expect(page.getByRole('alert')).toContainText('Google Maps did not answer')
    await expectAxeClean(page, 'check: places down')
    await tabTo(page, page.getByRole('button', { name: 'Try again' }))
    await page.evaluate(() => sessionStorage.removeItem('mock-scenario'))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 2, name: /#3 of 10 vets within 5 km/ })).toBeVisible()
  })

  test('daily cap: we will send the report, and the lead form opens with the business', async ({ page }) => {
    await gotoHydrated(page, '/check?mock=check-cap')
    await pickBusiness(page, 'newtown plumbing', 'Newtown Plumbing Co, 45 Wilson Street, Newtown NSW 2042, Australia')
    await runCheck(page)
    await expect(page.getByRole('heading', { level: 2, name: 'We will send your report' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Business address' })).toHaveValue(
      'Newtown Plumbing Co, 45 Wilson Street, Newtown NSW 2042, Australia',
    )
    await expectAxeClean(page, 'check: daily cap')
  })

  test('business search down: the check cannot start and a call is offered', async ({ page }) => {
    await gotoHydrated(page, '/check?mock=places-down')
    await tabTo(page, businessBox(page))
    await page.keyboard.type('harbourside')
    await expect(page.getByRole('alert')).toContainText('Business search is unavailable just now')
    await expect(page.getByRole('alert').getByRole('link', { name: 'book a free strategy call' })).toHaveAttribute('href', /^\/schedule/)
    await expect(page.getByRole('button', { name: 'Check my reviews' })).toBeDisabled()
    await expectAxeClean(page, 'check: business search down')
  })

  test('no business chosen: asked for one', async ({ page }) => {
    await gotoHydrated(page, '/check?mock=off')
    await expectAxeClean(page, 'check: picker')
    await runCheck(page)
    await expect(page.getByRole('alert')).toHaveText('Please choose your business from the suggestions.')
    await expectAxeClean(page, 'check: business required')
  })
})

// Issue 38 point 3: a business Places does not know, or text typed and never picked, still leads somewhere.
test.describe('/check never dead-ends', () => {
  const picker = (page: Page) => page.getByRole('search', { name: 'Review check' })

  test('a business Places does not suggest: said so, and its name goes with the lead form, beside the phone', async ({ page }) => {
    await gotoHydrated(page, '/check')
    await businessBox(page).click()
    await page.keyboard.type("Joe's Pizza Bondi")
    const status = picker(page).getByRole('status').filter({ hasText: 'No business on Google Maps matches' })
    await expect(status).toHaveText(
      "No business on Google Maps matches “Joe's Pizza Bondi”. Try another spelling or add the suburb, or leave its name with us and a specialist will run your check.",
    )
    await expect(picker(page).getByRole('link', { name: '1300 555 019' })).toHaveAttribute('href', 'tel:1300555019')
    await expectAxeClean(page, 'check: no suggestion')

    await picker(page).getByRole('button', { name: 'Leave the name with us' }).click()
    const dialog = page.getByRole('dialog', { name: 'We Will Run Your Check' })
    await expect(dialog.getByRole('combobox', { name: 'Business address' })).toHaveValue("Joe's Pizza Bondi")
    await dialog.getByLabel('Number of locations').selectOption('1')
    await dialog.getByLabel('Full name').fill('Joe Rossi')
    await dialog.getByLabel('Phone').fill('0422470721')
    await dialog.getByLabel('Email').fill('joe@pizza.example')
    await dialog.getByRole('button', { name: 'Send My Details' }).click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
    const [lead] = await leadRequests(page)
    expect(lead?.body).toMatchObject({ lead: { business: "Joe's Pizza Bondi", name: 'Joe Rossi' }, source: { path: '/check' } })
  })

  test('pressing Check with text typed but nothing picked says what to do, and offers the same way forward', async ({ page }) => {
    await gotoHydrated(page, '/check')
    await businessBox(page).click()
    await page.keyboard.type('harbour')
    await expect(page.getByRole('listbox', { name: 'Your business suggestions' }).getByRole('option').first()).toBeVisible()
    await runCheck(page)
    const alert = picker(page).getByRole('alert')
    await expect(alert).toHaveText(
      '“harbour” is not one of the suggestions, so we cannot check it yet. Type a little more and choose your business from the list, or leave its name with us and a specialist will run your check.',
    )
    await expect(businessBox(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(picker(page).getByRole('button', { name: 'Leave the name with us' })).toBeVisible()
    await expect(picker(page).getByRole('link', { name: '1300 555 019' })).toHaveAttribute('href', 'tel:1300555019')
    await expectAxeClean(page, 'check: typed, not picked')

    // The same with a name Places does not know: the message says what to do, not to pick from a list that is not there.
    await businessBox(page).fill("Joe's Pizza Bondi")
    await expect(alert).toHaveCount(0)
    await expect(picker(page).getByRole('status').filter({ hasText: 'No business on Google Maps matches' })).toBeVisible()
    await runCheck(page)
    await expect(picker(page).getByRole('alert')).toHaveText(
      "No business on Google Maps matches “Joe's Pizza Bondi”. Try another spelling or add the suburb, or leave its name with us and a specialist will run your check.",
    )
    await picker(page).getByRole('button', { name: 'Leave the name with us' }).click()
    await expect(
      page.getByRole('dialog', { name: 'We Will Run Your Check' }).getByRole('combobox', { name: 'Business address' }),
    ).toHaveValue("Joe's Pizza Bondi")
  })
})

test('before the script runs the page explains itself and the check cannot be started', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/check')
  await expect(page.getByRole('button', { name: 'Check my reviews' })).toBeDisabled()
  await expect(page.getByRole('link', { name: 'book a free strategy call' })).toHaveAttribute('href', '/schedule')
  await context.close()
})

// Issue 29 point 6: the failure shows below the picker, under the fold on a desktop; the view and focus go to it.
test.describe('a failed check brings its explanation into view', () => {
  test.use({ allowedConsoleErrors: [/status of (502|503)/] })

  for (const width of [1280, 390]) {
    test(`Places down at ${width} px: focus on the failure's heading, in view, with Try again`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 })
      await gotoHydrated(page, '/check?mock=check-down')
      await businessBox(page).pressSequentially('newtown plumbing')
      await page.getByRole('listbox', { name: 'Your business suggestions' }).getByRole('option').first().click()
      await page.getByRole('button', { name: 'Check my reviews' }).click()
      const heading = page.getByRole('heading', { level: 2, name: 'We could not run your check' })
      await expect(heading).toBeFocused()
      await expect(heading).toBeInViewport()
      await expect(page.getByRole('alert')).toBeInViewport()
      await expect(page.getByRole('button', { name: 'Try again' })).toBeInViewport()
      // Clear of the sticky header, not under it.
      const header = (await page.getByRole('banner').boundingBox())!
      await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height)
    })
  }

  test("the daily cap: focus on 'We will send your report', in view", async ({ page }) => {
    await gotoHydrated(page, '/check?mock=check-cap')
    await businessBox(page).pressSequentially('newtown plumbing')
    await page.getByRole('listbox', { name: 'Your business suggestions' }).getByRole('option').first().click()
    await page.getByRole('button', { name: 'Check my reviews' }).click()
    const heading = page.getByRole('heading', { level: 2, name: 'We will send your report' })
    await expect(heading).toBeFocused()
    await expect(heading).toBeInViewport()
  })
})
