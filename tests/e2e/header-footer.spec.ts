import type { Page } from '@playwright/test'
import { prerenderedPages } from './pages'
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
  await expect(footer.getByRole('link', { name: /Phone: ?1300/ })).toHaveAttribute('href', /^tel:/)
  await expect(footer.getByRole('link', { name: /Phone: ?\+61/ })).toHaveAttribute('href', /^tel:\+61/)
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

// Issue 38 point 2 replaced 'only JOIN US' on a phone with JOIN US and a menu (tests/e2e/header-menu.spec.ts).
test('a 390 px wide screen shows JOIN US and the Menu button in the header, the links behind the menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, '/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: 'JOIN US' })).toBeVisible()
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' })).toBeVisible()
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

// Issue 29 point 1: every page meant for all visitors is reachable by links from the home page.
// Campaign pages are reached from ads and partners, /schedule after a lead, /thanks after a native post.
const CAMPAIGN_PAGES = ['/x18', '/qrb', '/konversable', '/vet', '/vet1']

test('every page for all visitors is reachable by following links from /, in the served HTML', async ({ request }) => {
  const known = new Set(prerenderedPages.map((page) => page.path))
  const expected = prerenderedPages
    .filter((page) => page.inSitemap && !CAMPAIGN_PAGES.includes(page.path) && page.path !== '/schedule')
    .map((page) => page.path)
  const reached = new Set<string>(['/'])
  const queue = ['/']
  while (queue.length > 0) {
    const path = queue.shift()!
    const html = await (await request.get(path)).text()
    for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
      const url = new URL(href!.replaceAll('&amp;', '&'), `http://site.example${path}`)
      if (url.origin !== 'http://site.example' || !known.has(url.pathname) || reached.has(url.pathname)) continue
      reached.add(url.pathname)
      queue.push(url.pathname)
    }
  }
  expect(expected.filter((path) => !reached.has(path))).toEqual([])
  expect(expected).toEqual(expect.arrayContaining(['/news', '/enterprise', '/check', '/reply', '/terms', '/dpa']))
  expect(expected.filter((path) => path.startsWith('/blog/'))).toHaveLength(3)
})

test('at 1280 px the header leads to the blog and to enterprise registration', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/')
  const header = page.getByRole('banner')
  await header.getByRole('link', { name: 'Blog', exact: true }).click()
  await expect(page).toHaveURL(/\/news$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await header.getByRole('link', { name: 'Enterprise', exact: true }).click()
  await expect(page).toHaveURL(/\/enterprise$/)
  for (const name of ['Home', 'Services', 'Contact Us']) await expect(header.getByRole('link', { name, exact: true })).toBeVisible()
  await expect(header.getByRole('button', { name: 'Join Us Here' })).toBeVisible()
})

test('at 390 px a visitor still finds the blog and enterprise in the footer, with the header menu closed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, '/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true })).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', { name: 'JOIN US' })).toBeVisible()
  const footerNav = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' })
  await footerNav.getByRole('link', { name: 'Blog' }).click()
  await expect(page).toHaveURL(/\/news$/)
  await page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Enterprise' }).click()
  await expect(page).toHaveURL(/\/enterprise$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

// Issue 29 point 2: focus lands where the eyes do.
for (const how of ['pointer', 'keyboard'] as const) {
  test(`Contact Us by ${how} moves focus to the footer's contact heading, clear of the sticky header`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await gotoHydrated(page, '/terms')
    const contactUs = page.getByRole('banner').getByRole('link', { name: 'Contact Us' })
    if (how === 'pointer') await contactUs.click()
    else {
      await contactUs.focus()
      await page.keyboard.press('Enter')
    }
    const heading = page.getByRole('contentinfo').getByRole('heading', { name: 'Contact', exact: true })
    await expect(heading).toBeFocused()
    await expect(heading).toBeInViewport()
    const headerBottom = (await page.getByRole('banner').boundingBox())!
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height)
    // The next Tab goes on from there: the phone number.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /Phone: ?1300/ })).toBeFocused()
  })
}
