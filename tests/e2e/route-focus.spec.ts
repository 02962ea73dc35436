import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'

// Issue 38 point 6: a screen reader hears each new page. After an in-site (client-side) navigation,
// focus moves to the new page's main heading, which a screen reader reads, as it would start
// reading a freshly loaded page; a link to a fragment still scrolls to it. A refused submit on
// /reply and /check moves focus to the first field it marked, as the enterprise wizard does.

test.use({ viewport: { width: 1280, height: 900 } })

const footerLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true })

/** The focused element is the page's one h1, named as the page is; it is not a Tab stop. */
async function expectHeadingFocused(page: Page, name: string | RegExp) {
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 })
  await expect(h1).toBeFocused()
  await expect(h1).toHaveAccessibleName(name)
  await expect(h1).toHaveAttribute('tabindex', '-1')
}

test('each in-site navigation moves focus to the new page heading, by mouse, by keyboard and by Back', async ({ page }) => {
  await gotoHydrated(page, '/')
  await footerLink(page, 'Free AI reply').click()
  await expect(page).toHaveURL(/\/reply$/)
  await expectHeadingFocused(page, 'Reply to Any Review in Seconds')
  await expect(page).toHaveTitle(/^Free AI Review Reply/)

  await footerLink(page, 'Free review check').focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/check$/)
  await expectHeadingFocused(page, 'How Do You Stack Up Locally?')
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'a new page opens at its top' }).toBe(0)

  for (const [name, path] of [
    ['Blog', '/news'],
    ['Enterprise', '/enterprise'],
    ['Terms', '/terms'],
  ] as const) {
    const link = name === 'Terms' ? page.getByRole('contentinfo').getByRole('link', { name, exact: true }) : footerLink(page, name)
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expectHeadingFocused(page, /\S/)
    expect(await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()).not.toBe('')
  }

  await page.goBack()
  await expect(page).toHaveURL(/\/enterprise$/)
  await expectHeadingFocused(page, /\S/)

  // From the heading, Tab goes on into the page, as from the top of a fresh page.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.closest('main, header, footer')?.tagName)).toBe('MAIN')
})

test('a link to a fragment still lands on it: on the same page and from another page', async ({ page }) => {
  await gotoHydrated(page, '/reply')
  // Contact Us: the footer, on the same page.
  await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL(/\/reply#contact$/)
  await expect(page.locator('#contact')).toBeInViewport()
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).not.toBeFocused()

  // Services: a fragment of the home page, from another page.
  await page.getByRole('banner').getByRole('link', { name: 'Services' }).click()
  await expect(page).toHaveURL(/\/#services$/)
  await expect(page.locator('#services')).toBeInViewport()
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).not.toBeFocused()
})

test('/reply: a refused draft moves focus to the first field it marked', async ({ page }) => {
  await gotoHydrated(page, '/reply')
  await page.getByRole('button', { name: 'Draft my reply' }).click()
  const review = page.getByLabel('The review')
  await expect(review).toBeFocused()
  await expect(review).toHaveAttribute('aria-invalid', 'true')
  await expect(review).toHaveAccessibleDescription(/Please paste the review/)

  // With the review there, the next field it marks is the rating: focus goes to its first choice.
  await review.fill('The wait was long and nobody told us why.')
  await page.getByRole('button', { name: 'Draft my reply' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('radio', { name: '1 star' })).toBeFocused()
  await expect(page.getByRole('radio', { name: '1 star' })).toHaveAttribute('aria-invalid', 'true')
})

test('/check: a check asked for before a business is chosen moves focus to the business field', async ({ page }) => {
  await gotoHydrated(page, '/check?mock=off')
  await page.getByRole('button', { name: 'Check my reviews' }).click()
  const business = page.getByRole('combobox', { name: /business/i })
  await expect(business).toBeFocused()
  await expect(business).toHaveAttribute('aria-invalid', 'true')
  await expect(business).toHaveAccessibleDescription('Please choose your business from the suggestions.')
})
