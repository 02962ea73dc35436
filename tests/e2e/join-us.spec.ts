import type { Locator, Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { holdAppScript, leadRequests } from './lead-helpers'

// DESIGN.md deviation 6: Join Us scrolls up to a form that opens the page, opens
// the Book a call dialog anywhere else, and before the script runs is a link to a form.
const JOIN_DIALOG = { name: 'Join Us: Book Your Free Call' }
const joinUs = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Join Us Here' })

/** Pages whose top is the lead form: Join Us scrolls there. */
const formAtTop = ['/', '/vet', '/vet1', '/qrb', '/konversable']
/** Every other kind of page, with where Join Us leads before the script: the page's own form, else the home page's. */
const dialogPages: Array<[path: string, noScriptHref: string]> = [
  ['/news', '/#lead-form'],
  ['/terms', '/#lead-form'],
  ['/check', '/#lead-form'],
  ['/enterprise', '/#lead-form'],
  ['/schedule', '/#lead-form'],
  ['/thanks', '/#lead-form'],
  ['/x18', '#book'],
  ['/blog/get-more-customer-reviews', '#growth-tips'],
]

async function expectDialogLoop(page: Page, trigger: Locator) {
  await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
  await trigger.click()
  const dialog = page.getByRole('dialog', JOIN_DIALOG)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Full name')).toBeVisible()
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
}

for (const path of formAtTop) {
  test(`${path}: Join Us Here scrolls back up to the form at the top`, async ({ page }) => {
    await gotoHydrated(page, path)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    await expect(joinUs(page)).not.toHaveAttribute('aria-haspopup')
    await joinUs(page).click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.locator('#lead-form').getByLabel('Full name')).toBeInViewport()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
}

for (const [path] of dialogPages) {
  test(`${path}: Join Us Here opens the Book a call dialog`, async ({ page }) => {
    await gotoHydrated(page, path)
    await expectDialogLoop(page, joinUs(page))
  })
}

test.describe('not found', () => {
  test.use({ allowedConsoleErrors: [/status of 404 \(Not Found\)/] })

  test('the 404 page: Join Us opens the dialog too', async ({ page }) => {
    await gotoHydrated(page, '/no-such-page')
    await expectDialogLoop(page, joinUs(page))
  })
})

test('/news: Join Us opens the dialog again after it was closed, keeping what was typed, and focus returns each time', async ({ page }) => {
  await gotoHydrated(page, '/news')
  await expectDialogLoop(page, joinUs(page))
  await joinUs(page).click()
  const dialog = page.getByRole('dialog', JOIN_DIALOG)
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Full name').fill('Mia Chen')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(joinUs(page)).toBeFocused()
  await joinUs(page).click()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Full name')).toHaveValue('Mia Chen')
})

test('390 px, /terms: JOIN US opens the dialog, which sends a lead from this page and hands over to Congrats', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, '/terms')
  const trigger = page.getByRole('banner').getByRole('button', { name: 'JOIN US' })
  await trigger.click()
  const dialog = page.getByRole('dialog', JOIN_DIALOG)
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Number of locations').selectOption('2-10')
  await dialog.getByLabel('Full name').fill('Mia Chen')
  await dialog.getByLabel('Phone').fill('0422470721')
  await dialog.getByLabel('Email').fill('mia@chenstudio.example')
  await dialog.getByRole('combobox', { name: 'Business address' }).fill('78 Harbour Street, Sydney NSW, Australia')
  await dialog.getByRole('button', { name: 'Book My Free Call' }).click()

  const congrats = page.getByRole('dialog', { name: 'Congrats!' })
  await expect(congrats).toBeVisible()
  await expect(dialog).toBeHidden()
  const [lead] = await leadRequests(page)
  expect(lead?.body).toMatchObject({ lead: { name: 'Mia Chen', locations: '2-10' }, source: { path: '/terms' } })
  await congrats.getByRole('button', { name: 'Schedule Your Call' }).click()
  await expect(page).toHaveURL(/\/schedule$/)
})

for (const [path, href] of [...dialogPages, ['/vet', '#lead-form'] as [string, string]]) {
  test(`${path} prerendered, before the script: Join Us is a link to ${href}; hydrated, the same control is a button`, async ({ page }) => {
    const release = await holdAppScript(page)
    await page.goto(path, { waitUntil: 'commit' })
    const link = page.getByRole('banner').getByRole('link', { name: 'Join Us Here' })
    await expect(link).toHaveAttribute('href', href)
    await expect(link).not.toHaveAttribute('aria-haspopup')
    release()
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await expect(joinUs(page)).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Join Us Here' })).toHaveCount(0)
  })
}

test.describe('without the script', () => {
  test.use({ javaScriptEnabled: false })

  test('Join Us on a page without a form at the top leads to the home page form', async ({ page }) => {
    await page.goto('/terms')
    await page.getByRole('banner').getByRole('link', { name: 'Join Us Here' }).click()
    await expect(page).toHaveURL(/\/#lead-form$/)
    await expect(page.locator('#lead-form').getByLabel('Full name')).toBeInViewport()
  })

  test('JOIN US at 390 px on /x18 leads to the form further down the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/x18')
    await page.getByRole('banner').getByRole('link', { name: 'JOIN US' }).click()
    await expect(page).toHaveURL(/\/x18#book$/)
    await expect(page.locator('#book').getByRole('heading', { name: 'Ready for a site that sells?' })).toBeInViewport()
  })

  test('Join Us on a landing page leads to its own form', async ({ page }) => {
    await page.goto('/qrb')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.getByRole('banner').getByRole('link', { name: 'Join Us Here' }).click()
    await expect(page.locator('#lead-form').getByLabel('Full name')).toBeInViewport()
  })
})
