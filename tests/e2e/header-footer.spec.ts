import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'

test('header links lead where they should', async ({ page }) => {
  await gotoHydrated(page, '/terms')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/)
  await expect(header.getByText('Talk to our sales team')).toBeVisible()
  const login = header.getByRole('link', { name: /Login/ })
  await expect(login).toHaveAttribute('target', '_blank')
  await expect(login).toHaveAttribute('rel', /noopener/)
  await expect(login).toHaveAttribute('href', /^https:\/\//)
  await expect(header.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '#contact')

  await header.getByRole('link', { name: 'Services' }).click()
  await expect(page).toHaveURL(/\/#services$/)
  await expect(page.locator('#services')).toBeInViewport()

  await page.goto('/terms')
  await header.getByRole('link', { name: 'Home', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
})

// Join Us on the pages without a form at the top opens a dialog: tests/e2e/join-us.spec.ts.
test('the logo links home and the Join Us Here button scrolls to the top', async ({ page }) => {
  await gotoHydrated(page, '/vet')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.getByRole('button', { name: 'Join Us Here' }).click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.getByRole('banner').getByRole('link', { name: /home$/ }).first().click()
  await expect(page).toHaveURL(/\/$/)
})

test('footer has the client area, social, contact and legal links', async ({ page }) => {
  await gotoHydrated(page, '/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: /Client Area/ })).toHaveAttribute('target', '_blank')
  for (const name of ['Facebook', 'Twitter', 'LinkedIn', 'Instagram']) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', /^https:\/\//)
  }
  await expect(footer.getByRole('link', { name: /Phone:/ })).toHaveAttribute('href', /^tel:/)
  await expect(footer.getByRole('link', { name: /Email:/ })).toHaveAttribute('href', /^mailto:/)
  await expect(footer.getByText(/© \d{4} .+ All rights reserved/)).toBeVisible()
  for (const [name, path] of [
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
    ['Cookies', '/cookies'],
    ['DPA', '/dpa'],
  ]) {
    await footer.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
  }
})

test('a 390 px wide screen shows only the JOIN US button in the header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, '/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: 'JOIN US' })).toBeVisible()
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden()
  for (const name of ['Home', 'Services', 'Contact Us']) await expect(header.getByRole('link', { name, exact: true })).toBeHidden()
  await expect(header.getByRole('button', { name: 'Join Us Here' })).toBeHidden()
})

// Services lands on the services section from every page, with and without the script.
const servicesSection = (page: Page) => page.locator('#services').getByRole('heading', { level: 2 }).first()

for (const from of ['/terms', '/x18', '/news', '/vet', '/check']) {
  test(`Services from ${from} lands on the services section of the home page`, async ({ page }) => {
    await gotoHydrated(page, from)
    await page.getByRole('banner').getByRole('link', { name: 'Services' }).click()
    await expect(page).toHaveURL(/\/#services$/)
    await expect(servicesSection(page)).toBeInViewport()
    // It stays there: nothing that renders afterwards puts the visitor back at the top.
    await page.waitForTimeout(500)
    await expect(servicesSection(page)).toBeInViewport()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  })
}

test('Services from home itself scrolls down to the section', async ({ page }) => {
  await gotoHydrated(page, '/')
  await page.getByRole('banner').getByRole('link', { name: 'Services' }).click()
  await expect(servicesSection(page)).toBeInViewport()
})

test('a visitor who arrives on /#services with the script lands on the section and stays there once hydrated', async ({ page }) => {
  await gotoHydrated(page, '/#services')
  await page.waitForTimeout(500)
  await expect(servicesSection(page)).toBeInViewport()
})

test('the prerendered Services link is the home page with the services anchor', async ({ request }) => {
  for (const path of ['/terms', '/x18', '/vet', '/blog/get-more-customer-reviews']) {
    const html = await (await request.get(path)).text()
    const href = html.match(/<a [^>]*href="([^"]*)"[^>]*>Services<\/a>/)?.[1]?.replaceAll('&amp;', '&')
    expect(href, path).toBeDefined()
    const url = new URL(href!, 'https://site.example/terms')
    expect([url.pathname, url.hash]).toEqual(['/', '#services'])
  }
})

test.describe('without the script', () => {
  test.use({ javaScriptEnabled: false })

  for (const from of ['/terms', '/x18']) {
    test(`Services from ${from} lands on the services section`, async ({ page }) => {
      await page.goto(from)
      await page.getByRole('banner').getByRole('link', { name: 'Services' }).click()
      await expect(page).toHaveURL(/#services$/)
      await expect(servicesSection(page)).toBeInViewport()
    })
  }
})
