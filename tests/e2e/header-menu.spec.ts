import type { Page } from '@playwright/test'
import { expectAxeClean } from './axe-helper'
import { expect, gotoHydrated, test } from './fixtures'
import { holdAppScript } from './lead-helpers'

// Issue 38 point 2: a menu on every width.
const PHONE = { width: 390, height: 844 }

/** Every page the header offers (on a desktop or in its menu), by link name, and where it leads. */
const DESTINATIONS = [
  ['Home', /\/$/],
  ['Services', /\/#services$/],
  ['Blog', /\/news$/],
  ['Enterprise', /\/enterprise$/],
  ['Free review check', /\/check$/],
  ['Free AI reply', /\/reply$/],
  ['Contact Us', /#contact$/],
] as const

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' })
const headerLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true })
const login = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Login (opens in a new tab)' })

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true })

  for (const [name, url] of DESTINATIONS) {
    test(`${name} is two taps away: the menu, then the link`, async ({ page }) => {
      await gotoHydrated(page, '/terms')
      await expect(headerLink(page, name)).toBeHidden()
      await menuButton(page).tap()
      await headerLink(page, name).tap()
      await expect(page).toHaveURL(url)
      // The menu closed on the way, so it covers nothing of the page it led to.
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false')
      await expect(headerLink(page, 'Free AI reply')).toBeHidden()
    })
  }

  test('Login is two taps away and opens the client app in a new tab', async ({ page }) => {
    await gotoHydrated(page, '/terms')
    await menuButton(page).tap()
    await expect(login(page)).toBeVisible()
    await expect(login(page)).toHaveAttribute('href', /^https:\/\//)
    await expect(login(page)).toHaveAttribute('target', '_blank')
    await expect(login(page)).toHaveAttribute('rel', /noopener/)
  })

  test('the button tells assistive technology what it controls and whether it is open', async ({ page }) => {
    await gotoHydrated(page, '/')
    const button = menuButton(page)
    const panelId = await button.getAttribute('aria-controls')
    expect(panelId).toBeTruthy()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    for (const [name] of DESTINATIONS) await expect(page.locator(`#${panelId}`).getByRole('link', { name, exact: true })).toBeVisible()
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(headerLink(page, 'Blog')).toBeHidden()
  })

  test('by keyboard: Tab reaches the button, Enter opens, Tab enters the menu, Escape closes it and focus returns', async ({ page }) => {
    await gotoHydrated(page, '/terms')
    for (let i = 0; i < 8 && !(await menuButton(page).evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab')
    await expect(menuButton(page)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    await expect(headerLink(page, 'Home')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(headerLink(page, 'Services')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(headerLink(page, 'Services')).toBeHidden()
    await expect(menuButton(page)).toBeFocused()
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false')
    // Open again with Space; Escape from the button itself closes it too.
    await page.keyboard.press('Space')
    await expect(headerLink(page, 'Blog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(headerLink(page, 'Blog')).toBeHidden()
    await expect(menuButton(page)).toBeFocused()
  })

  test('a link to a section of the page it is on closes the menu and shows the section', async ({ page }) => {
    await gotoHydrated(page, '/')
    await menuButton(page).click()
    await headerLink(page, 'Services').click()
    await expect(page).toHaveURL(/\/#services$/)
    await expect(headerLink(page, 'Services')).toBeHidden()
    await expect(page.locator('#services').getByRole('heading', { level: 2 }).first()).toBeInViewport()
  })

  test('going Back with the menu open closes it', async ({ page }) => {
    await gotoHydrated(page, '/terms')
    await menuButton(page).click()
    await headerLink(page, 'Blog').click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await menuButton(page).click()
    await expect(headerLink(page, 'Enterprise')).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/terms$/)
    await expect(headerLink(page, 'Enterprise')).toBeHidden()
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false')
  })

  test('opening the menu moves nothing: it overlays the page below the header', async ({ page }) => {
    await gotoHydrated(page, '/terms')
    const heading = page.getByRole('heading', { level: 1 })
    const before = await heading.boundingBox()
    await menuButton(page).click()
    await expect(headerLink(page, 'Blog')).toBeVisible()
    expect(await heading.boundingBox()).toEqual(before)
    const header = (await page.getByRole('banner').boundingBox())!
    const home = (await headerLink(page, 'Home').boundingBox())!
    expect(home.y).toBeGreaterThanOrEqual(header.y + header.height - 1)
    await expect(login(page)).toBeInViewport({ ratio: 1 })
  })

  test('axe finds nothing in the header with the menu open', async ({ page }) => {
    await gotoHydrated(page, '/')
    await menuButton(page).click()
    await expect(headerLink(page, 'Blog')).toBeVisible()
    await expectAxeClean(page, 'menu open at 390 px', 'header')
  })
})

test('at 1280 px the menu opens as a card under its button, and axe finds nothing', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await gotoHydrated(page, '/terms')
  await menuButton(page).click()
  const panel = page.locator(`#${await menuButton(page).getAttribute('aria-controls')}`)
  for (const name of ['Free review check', 'Free AI reply']) await expect(panel.getByRole('link', { name })).toBeVisible()
  const button = (await menuButton(page).boundingBox())!
  const card = (await panel.boundingBox())!
  expect(Math.round(card.x + card.width)).toBe(Math.round(button.x + button.width))
  await expectAxeClean(page, 'menu open at 1280 px', 'header')
})

test('without the script the menu opens, its links lead on, and Escape closes it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE })
  const page = await context.newPage()
  await page.goto('/terms')
  await menuButton(page).click()
  await expect(headerLink(page, 'Enterprise')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(headerLink(page, 'Enterprise')).toBeHidden()
  await menuButton(page).click()
  await headerLink(page, 'Enterprise').click()
  await expect(page).toHaveURL(/\/enterprise$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await context.close()
})

test('before the script arrives the menu works, takes the same space, and stays open through hydration', async ({ page }) => {
  await page.setViewportSize(PHONE)
  const release = await holdAppScript(page)
  await page.goto('/terms', { waitUntil: 'commit' })
  const button = menuButton(page)
  await expect(button).toBeVisible()
  const box = await button.boundingBox()
  await button.click()
  await expect(headerLink(page, 'Blog')).toBeVisible()
  expect(await page.locator('html[data-hydrated]').count()).toBe(0)
  release()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await expect(headerLink(page, 'Blog')).toBeVisible()
  expect(await button.boundingBox()).toEqual(box)

  const early = await page.context().newPage()
  await early.setViewportSize(PHONE)
  const releaseEarly = await holdAppScript(early)
  await early.goto('/terms', { waitUntil: 'commit' })
  await menuButton(early).click()
  await headerLink(early, 'Free review check').click()
  await expect(early).toHaveURL(/\/check$/)
  releaseEarly()
})

// No width loses a link or wraps the nav: each control in the header's row is whole, on one line and
// clear of its neighbours, and every destination is in the row or in the menu.
for (const width of [280, 320, 390, 768, 800, 1023, 1024, 1280]) {
  test(`at ${width} px the header's row is whole and every destination is reachable`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    await gotoHydrated(page, '/terms')
    const row = await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Main' })
      .evaluate((nav) => {
        const boxes = [...nav.parentElement!.querySelectorAll('a, button')]
          .filter((el) => el.getClientRects().length > 0 && !el.closest('[popover]'))
          .map((el) => {
            // Lines of the visible text (an sr-only part is laid out apart, in a 1 px box).
            const tops = new Set<number>()
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (node.parentElement!.getBoundingClientRect().width <= 1 || !node.textContent?.trim()) continue
              const range = document.createRange()
              range.selectNodeContents(node)
              for (const rect of range.getClientRects()) tops.add(Math.round(rect.top))
            }
            const lines = tops.size
            const { left, right } = el.getBoundingClientRect()
            return { name: el.textContent?.trim() || el.getAttribute('aria-label'), lines, left, right }
          })
        return { boxes, overflow: document.documentElement.scrollWidth > window.innerWidth }
      })
    expect(row.overflow, 'nothing scrolls sideways').toBe(false)
    expect(
      row.boxes.filter((b) => b.lines > 1).map((b) => b.name),
      'controls on more than one line',
    ).toEqual([])
    expect(
      row.boxes.filter((b) => b.left < 0 || b.right > width).map((b) => b.name),
      'controls cut off',
    ).toEqual([])
    const overlapping = row.boxes.slice(1).filter((b, i) => b.left < row.boxes[i]!.right - 0.5)
    expect(
      overlapping.map((b) => b.name),
      'controls overlapping',
    ).toEqual([])

    if (width >= 1024)
      for (const name of ['Home', 'Services', 'Blog', 'Enterprise', 'Contact Us']) await expect(headerLink(page, name)).toBeVisible()
    await menuButton(page).click()
    for (const [name] of DESTINATIONS) await expect(headerLink(page, name).last()).toBeInViewport({ ratio: 1 })
    await expect(login(page).last()).toBeInViewport({ ratio: 1 })
  })
}
