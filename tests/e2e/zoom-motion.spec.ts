import type { Page } from '@playwright/test'
import { heading } from './a11y-helpers'
import { fillContact } from './enterprise-helpers'
import { expect, gotoHydrated, test } from './fixtures'
import { fillLeadForm } from './lead-helpers'
import { allPaths } from './pages'

/**
 * Browser zoom, as WCAG tests it: a 1280 px wide window at 200% lays the page out in 640 CSS px
 * (WCAG 1.4.4), at 400% in 320 CSS px (reflow, 1.4.10). Chromium zoom is exactly that, a smaller
 * CSS viewport drawn with more device pixels, so it is emulated with the viewport and the device
 * scale factor.
 */
const zoomed = { viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 } as const

/** Horizontal scrolling of the page, and text cut off by a box too narrow for it. */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const scrolling = document.scrollingElement!
    const problems: string[] = []
    if (scrolling.scrollWidth > innerWidth) problems.push(`page scrolls sideways: ${scrolling.scrollWidth} > ${innerWidth}`)
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el)
      if (!/hidden|clip/.test(style.overflowX) || style.position === 'absolute' || el.closest('.sr-only')) continue
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())
      if (ownText && el.scrollWidth > el.clientWidth + 1)
        problems.push(`clipped text: ${el.tagName} "${el.textContent?.trim().slice(0, 40)}"`)
    }
    return problems
  })
}

async function expectHeaderUsable(page: Page) {
  const banner = page.getByRole('banner')
  await expect(banner.getByRole('link', { name: /home$/ })).toBeInViewport()
  // Below 768 px the header shows only JOIN US (the spec's phone layout); the nav is hidden, not clipped.
  await expect(banner.getByRole('button', { name: /^(JOIN US|Join Us Here)$/ }).filter({ visible: true })).toBeInViewport({ ratio: 1 })
  await expect(banner.getByRole('link', { name: '1300 555 019' }).first()).toBeInViewport({ ratio: 1 })
}

test.describe('200% and 400% zoom', () => {
  test.use(zoomed)

  for (const path of allPaths) {
    test(`${path}: no sideways scrolling or clipped text at 640 and 320 CSS px; the header fits`, async ({ page }) => {
      await gotoHydrated(page, path)
      await page.waitForLoadState('networkidle')
      expect(await layoutProblems(page), `${path} at 640 px`).toEqual([])
      await expectHeaderUsable(page)
      await page.setViewportSize({ width: 320, height: 450 })
      expect(await layoutProblems(page), `${path} at 320 px`).toEqual([])
      await expectHeaderUsable(page)
    })
  }

  for (const path of ['/', '/enterprise', '/terms']) {
    test(`${path}: going back up with Shift+Tab, the sticky header never hides the focused element`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' }) // instant scrolling: measure where focus lands
      await gotoHydrated(page, path)
      await page.keyboard.press('End')
      const hidden: string[] = []
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Shift+Tab')
        const state = await page.evaluate(() => {
          const el = document.activeElement
          if (!el || el === document.body) return null
          const header = document.querySelector('body > * header, header')!.getBoundingClientRect()
          const box = el.getBoundingClientRect()
          const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 40)}"`
          const covered = !el.closest('header') && getComputedStyle(el).position !== 'fixed' && box.top < header.bottom - 1
          return { name, covered }
        })
        if (!state) break
        if (state.covered) hidden.push(state.name)
      }
      expect(hidden, `${path}: focused elements under the sticky header`).toEqual([])
    })
  }

  test('the home lead form submits and Congrats fits the zoomed window', async ({ page }) => {
    await gotoHydrated(page, '/')
    await fillLeadForm(page)
    await page.getByRole('button', { name: 'Get My Free Consultation' }).click()
    const dialog = page.getByRole('dialog', { name: 'Congrats!' })
    await expect(dialog).toBeInViewport({ ratio: 1 })
    await expect(dialog.getByRole('button', { name: 'Schedule Your Call' })).toBeFocused()
  })

  test('Book a call on /x18: every field and the submit button can be reached in the zoomed dialog', async ({ page }) => {
    await gotoHydrated(page, '/x18')
    await page.getByRole('main').getByRole('button', { name: 'Book a call' }).click()
    const dialog = page.getByRole('dialog', { name: 'Book Your Strategy Call' })
    const submit = dialog.getByRole('button', { name: 'Book My Strategy Call' })
    await submit.scrollIntoViewIfNeeded()
    await expect(submit).toBeInViewport({ ratio: 1 })
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeAttached()
  })

  test('/enterprise: step 1 goes to step 2, and the plan dialog fits', async ({ page }) => {
    await gotoHydrated(page, '/enterprise')
    await fillContact(page)
    await page.getByRole('button', { name: 'Next Step' }).click()
    await expect(page.getByRole('heading', heading('Choose Your Plan'))).toBeFocused()
    await expect(page.getByRole('heading', heading('Choose Your Plan'))).toBeInViewport()
    await page.getByRole('button', { name: '+6 more features of Starter Enterprise' }).click()
    const dialog = page.getByRole('dialog', { name: 'Starter Enterprise' })
    await expect(dialog).toBeInViewport()
    const box = await dialog.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 640 && box.height <= 450).toBe(true)
    await page.keyboard.press('Escape')
    expect(await layoutProblems(page)).toEqual([])
  })
})

/** Every animation and transition still running on the page, and every declared one longer than 10 ms. */
function motion(page: Page) {
  return page.evaluate(() => {
    const seconds = (list: string) =>
      Math.max(...list.split(',').map((t) => (t.trim().endsWith('ms') ? Number.parseFloat(t) / 1000 : Number.parseFloat(t))))
    const describe = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`
    const running = document
      .getAnimations()
      .filter((a) => a.playState === 'running')
      .map(
        (a) =>
          `${(a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty} on ${describe((a.effect as KeyframeEffect).target!)}`,
      )
    const long: string[] = []
    for (const el of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo)
        if (style.animationName !== 'none' && seconds(style.animationDuration) > 0.01)
          long.push(`animation ${style.animationName} on ${describe(el)}${pseudo ?? ''}`)
        if (seconds(style.transitionDuration) > 0.01) long.push(`transition on ${describe(el)}${pseudo ?? ''}`)
      }
    }
    return { running, long: [...new Set(long)].slice(0, 10), scrollBehavior: getComputedStyle(document.documentElement).scrollBehavior }
  })
}

test.describe('prefers-reduced-motion: reduce', () => {
  test.beforeEach(async ({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }))

  for (const path of allPaths) {
    test(`${path}: nothing moves (no running animation, no motion longer than 10 ms, no smooth scrolling)`, async ({ page }) => {
      await gotoHydrated(page, path)
      await page.waitForLoadState('networkidle')
      expect(await motion(page)).toEqual({ running: [], long: [], scrollBehavior: 'auto' })
    })
  }

  test('carousels do not advance by themselves', async ({ page }) => {
    await page.clock.install()
    for (const path of ['/', '/vet']) {
      await gotoHydrated(page, path)
      await page.clock.runFor(60_000)
      const region = page.getByRole('region', { name: 'Client testimonials' })
      await expect(region.locator('[aria-roledescription="slide"]:not(.invisible)')).toHaveAttribute('aria-label', '1 of 2')
    }
  })

  test('/vet: the video waits for the visitor to press play', async ({ page }) => {
    await gotoHydrated(page, '/vet')
    const video = page.locator('video')
    await video.scrollIntoViewIfNeeded()
    await expect(video).toHaveAttribute('src', /.+/)
    await page.waitForTimeout(1_000)
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused && v.currentTime === 0)).toBe(true)
    await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible()
  })
})

test('without the preference the partner strip does move (the motion check can see it)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await gotoHydrated(page, '/vet')
  const { running } = await motion(page)
  expect(running.some((a) => a.startsWith('marquee'))).toBe(true)
})
