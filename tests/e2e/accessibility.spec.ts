import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
// Every prerendered path (routes and blog slugs), from the same table the build uses.
import { allPaths } from './pages'
import { expectVisibleFocus, focusState } from './focus-helper'

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const widths = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

/** The page as a visitor meets it: hydrated, and whatever it shows by itself once loaded. */
async function settle(page: Page, path: string) {
  await gotoHydrated(page, path)
  await page.waitForLoadState('networkidle')
  // The schedule page opens its calendar by itself shortly after load; scan it open.
  if (path === '/schedule') await expect(page.getByRole('region', { name: /Calendar/ })).toBeVisible()
}

for (const { name, width, height } of widths) {
  test.describe(`axe at ${width} px (${name})`, () => {
    test.use({ viewport: { width, height } })
    for (const path of allPaths) {
      test(`${path} has no WCAG 2.1 A/AA violations`, async ({ page }) => {
        await settle(page, path)
        const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
        // Readable failures: rule, impact, and the offending elements with axe's own explanation.
        const found = violations.map((v) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
        }))
        expect(found, `axe violations on ${path} at ${width} px`).toEqual([])
      })
    }
  })
}

test.describe('keyboard', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  for (const path of ['/', '/schedule', '/blog/boost-google-maps-listing']) {
    test(`${path}: the skip link is the first Tab stop and moves focus to main`, async ({ page }) => {
      await gotoHydrated(page, path)
      await page.keyboard.press('Tab')
      const skip = page.getByRole('link', { name: 'Skip to content' })
      await expect(skip).toBeFocused()
      await expect(skip).toBeVisible()
      await expect(skip).toBeInViewport()
      await page.keyboard.press('Enter')
      await expect(page.locator('main#main')).toBeFocused()
      await expect(page).toHaveURL(/#main$/)
    })
  }

  test('the header nav is reachable by Tab on desktop, in order', async ({ page }) => {
    await gotoHydrated(page, '/terms')
    const reached: string[] = []
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab')
      const state = await focusState(page)
      if (!state) break
      if (state.inHeaderNav) reached.push(state.name)
    }
    // Issue 29 point 1: Blog and Enterprise join the spec's links at desktop widths.
    expect(reached).toEqual([
      'Home',
      'Services',
      'Blog',
      'Enterprise',
      'Contact Us',
      'Login (opens in a new tab)',
      'Call 1300 555 019',
      'Join Us Here',
      // Issue 38 point 2: the menu (with the free tools) on every width.
      'Menu',
    ])
  })

  for (const path of ['/', '/schedule', '/enterprise']) {
    test(`${path}: every Tab stop shows a visible focus indicator with 3:1 contrast`, async ({ page }) => {
      await gotoHydrated(page, path)
      await page.waitForLoadState('networkidle')
      await expectVisibleFocus(page, path, 6)
    })
  }
})
