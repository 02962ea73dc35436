import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { allPaths } from './pages'

// Sections marked to render later (src/lib/render-later.ts, decision 019) skip the first frame's
// layout behind a placeholder. What must not change: where a link to a fragment lands, and the
// whole page once it has loaded.
const dist = resolve(process.env.E2E_DIST ?? 'dist-mock')
const html = (path: string) => readFileSync(join(dist, path, 'index.html'), 'utf8')

/** The fragments the prerendered pages link to, by the path they point at. */
const linkTargets = new Map<string, Set<string>>()
for (const from of allPaths) {
  for (const [, href] of html(from).matchAll(/href="([^"]*#[^"]+)"/g)) {
    const url = new URL(href!.replaceAll('&amp;', '&'), `http://site${from}`)
    const ids = linkTargets.get(url.pathname) ?? new Set<string>()
    linkTargets.set(url.pathname, ids.add(decodeURIComponent(url.hash.slice(1))))
  }
}

const marked = allPaths.filter((path) => / data-render-later=""/.test(html(path)))
const allRendered = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.querySelectorAll('[data-render-later]:not([data-rendered])').length)).toBe(0)

test('the long landing pages mark sections to render later', () => {
  expect(marked).toEqual(expect.arrayContaining(['/', '/vet', '/vet1']))
})

for (const path of marked) {
  test.describe(path, () => {
    test('every marked section renders once the page has loaded', async ({ page }) => {
      await gotoHydrated(page, path)
      await allRendered(page)
      for (const section of await page.locator('[data-render-later]').all()) {
        await expect(section).toHaveCSS('content-visibility', 'visible')
      }
    })

    for (const id of linkTargets.get(path) ?? []) {
      test(`a visitor who opens ${path}#${id} lands on it, on a phone without the script and with it`, async ({ browser, page }) => {
        const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
        const phone = await noScript.newPage()
        await phone.goto(`${path}#${id}`)
        await expect(phone.locator(`[id="${id}"]`)).toBeInViewport()
        await noScript.close()

        await page.goto(`${path}#${id}`)
        await allRendered(page)
        await expect(page.locator(`[id="${id}"]`)).toBeInViewport()
      })
    }

    test('Contact Us taken before the page has loaded lands on the footer’s contact, and it stays there', async ({ page }) => {
      await page.goto(path, { waitUntil: 'commit' })
      await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).click()
      const contact = page.getByRole('heading', { name: 'Contact', exact: true })
      await expect(contact).toBeInViewport()
      await allRendered(page)
      await expect(contact).toBeInViewport()
    })
  })
}
