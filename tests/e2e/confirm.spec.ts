import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { offlineConfirmToken } from '../../mocks/confirm-links'
import { expect, gotoHydrated, test } from './fixtures'

// Issue 35.2: the registrant confirms their address by pressing a button on /confirm. Opening the
// link (as a mail scanner does) sends nothing; the mock build's handler stands in for enterprise-confirm,
// checking links as it does: signed (offline, with the stand-in's own secret) and under 48 hours old.
type Recorded = { system: string; body: unknown }
const confirmRequests = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { __mockRequests?: Recorded[] }).__mockRequests ?? []).filter((r) => r.system === 'enterprise-confirm'),
  )
const confirmButton = (page: Page) => page.getByRole('button', { name: 'Confirm my e-mail address' })

test('opening the link sends nothing; pressing the button by keyboard confirms, with progress, and focus moves to the result', async ({
  page,
}) => {
  const token = await offlineConfirmToken(randomUUID())
  await gotoHydrated(page, `/confirm?token=${token}`)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expect(page).toHaveTitle(/^Confirm Your E-mail Address \|/)
  await expect(confirmButton(page)).toBeVisible()
  // A scanner's GET, then some time on the page: still no post.
  await page.waitForTimeout(500)
  expect(await confirmRequests(page)).toEqual([])

  await confirmButton(page).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status')).toHaveText('Confirming your e-mail address…')
  const result = page.getByRole('heading', { name: 'Thank you, your e-mail address is confirmed' })
  await expect(result).toBeFocused()
  expect((await confirmRequests(page)).map((r) => r.body)).toEqual([{ token }])
  await expect(confirmButton(page)).toHaveCount(0)
})

test('a used link says it is already confirmed', async ({ page }) => {
  await gotoHydrated(page, `/confirm?token=${await offlineConfirmToken(randomUUID())}&mock=confirm-used`)
  await confirmButton(page).click()
  await expect(page.getByRole('heading', { name: 'Your e-mail address is already confirmed' })).toBeFocused()
  await page.goto('/?mock=off')
})

// Issue 42.6: offline, any token used to confirm; the stand-in refuses what the function refuses.
test.describe('a link the function did not sign', () => {
  test.use({ allowedConsoleErrors: [/status of 400/] })
  for (const token of ['abc.123.def', `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.1764300000.${'A'.repeat(43)}`, 'used']) {
    test(`does not confirm: ${token}`, async ({ page }) => {
      await gotoHydrated(page, `/confirm?token=${token}`)
      await confirmButton(page).click()
      await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeFocused()
      await expect(page.getByRole('heading', { name: /is confirmed/ })).toHaveCount(0)
      expect((await confirmRequests(page)).map((r) => r.body)).toEqual([{ token }])
    })
  }
})

test.describe('an expired link', () => {
  // The function answers an expired link with 410 Gone, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 410/] })
  test('offers a new one and the phone; asking sends the token with resend', async ({ page }) => {
    const expired = await offlineConfirmToken(randomUUID(), new Date(Date.now() - 49 * 3_600_000))
    await gotoHydrated(page, `/confirm?token=${expired}`)
    await confirmButton(page).click()
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeFocused()
    await expect(page.getByRole('main').getByRole('link', { name: /^\d[\d ]+$/ })).toHaveAttribute('href', /^tel:/)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('main').getByRole('link', { name: /^\d[\d ]+$/ })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Send me a new link' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'A new link is on its way' })).toBeFocused()
    expect((await confirmRequests(page)).map((r) => r.body)).toEqual([{ token: expired }, { token: expired, resend: true }])
  })
})

test('a page without a token says the link does not work, and gives the phone', async ({ page }) => {
  await gotoHydrated(page, '/confirm')
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible()
  await expect(confirmButton(page)).toHaveCount(0)
  await expect(page.getByRole('main').getByRole('link', { name: /^\d[\d ]+$/ })).toBeVisible()
})

test('without JavaScript the page says how to confirm (the button needs it) and gives the phone', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${baseURL}/confirm?token=abc`)
  await expect(page.getByRole('main')).toContainText('The confirm button needs JavaScript')
  await expect(page.getByRole('main').getByRole('link', { name: /^\d[\d ]+$/ })).toHaveAttribute('href', /^tel:/)
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0)
  await context.close()
})
