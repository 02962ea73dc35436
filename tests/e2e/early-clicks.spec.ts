import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { holdAppScript } from './lead-helpers'

// Issue 38 point 9: a control in a part that hydrates later (src/routes/-components/deferred-parts.ts)
// or in a section that renders later (src/lib/render-later.ts) acts on a click that arrives before
// it is ready. Each test clicks right after `load`, as a visitor did, and checks what the click did;
// then waits a moment more, so a click acted on twice (by React and by the replay) would show.
//
// Every such control, and where its test is:
//   /vet, /vet1 (vet-sections, render-later video): Unmute, Play; the testimonials carousel: below.
//   / (home-sections): the testimonials carousel's Next, Previous and dots; 'Get Started Today' (render-later).
//   /qrb, /konversable, /x18 (testimonials): the carousel; /x18 (book-call): Book a call, a link until hydrated.
//   Every lead form (lead-capture): posts natively before hydration (lead-hydration.spec.ts); its
//   note is a plain text area until then, so its '+ Add note' button does not exist before hydration.

test.use({ viewport: { width: 1280, height: 800 } })

const slide = (page: Page) =>
  page.getByRole('region', { name: 'Client testimonials' }).locator('[aria-roledescription="slide"]:not(.invisible)')
const carousel = (page: Page) => page.getByRole('region', { name: 'Client testimonials' })

/** The chunks of the parts that hydrate later, as a phone's network brings them: a moment after `load`. */
const PART_CHUNK = /\/assets\/(vet-sections|home-sections|testimonials|book-call)-[\w-]+\.js$/
const PART_CHUNK_DELAY_MS = 1_500

/** Opens the page and returns as soon as `load` has fired: before the parts below have hydrated. */
async function openJustLoaded(page: Page, path: string) {
  await page.route(PART_CHUNK, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, PART_CHUNK_DELAY_MS))
    await route.continue()
  })
  await page.goto(path, { waitUntil: 'load' })
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated), `${path} was already wholly hydrated`).toBeUndefined()
}

/** Still so a moment later: the click was acted on once, not twice. */
async function stays(locator: Locator, check: (l: Locator) => Promise<void>) {
  await check(locator)
  await locator.page().locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await locator.page().waitForTimeout(500)
  await check(locator)
}

for (const path of ['/vet', '/vet1']) {
  test(`${path}: Unmute pressed right after load unmutes the video`, async ({ page }) => {
    await openJustLoaded(page, path)
    await page.getByRole('button', { name: 'Unmute video' }).click()
    await stays(page.getByRole('button', { name: 'Mute video' }), (button) => expect(button).toBeVisible())
    await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.muted)).toBe(false)
  })

  test(`${path}: the carousel's Next pressed right after load moves it`, async ({ page }) => {
    await openJustLoaded(page, path)
    await carousel(page).getByRole('button', { name: 'Next testimonial' }).click()
    await stays(slide(page), (current) => expect(current).toHaveAttribute('aria-label', '2 of 2'))
  })
}

test('/vet: Play pressed right after load plays the video', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' }) // so it does not start by itself
  await openJustLoaded(page, '/vet')
  await page.getByRole('button', { name: 'Play video' }).click()
  await stays(page.getByRole('button', { name: 'Pause video' }), (button) => expect(button).toBeVisible())
  await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => !video.paused)).toBe(true)
})

// A visitor scrolls down to the video before the page has hydrated, then presses Play where they
// see it. The router's first render used to scroll the page back to the top, so a press made just
// after it landed on the hero: Play was dropped whenever hydration fell between scroll and press.
test('/vet: scrolled to the video before hydration, the page stays there and Play pressed where it shows plays', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' }) // so it does not start by itself
  const release = await holdAppScript(page)
  await page.goto('/vet', { waitUntil: 'commit' })
  const play = page.getByRole('button', { name: 'Play video' })
  await play.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY), 'the video lies below the first screen').toBeGreaterThan(500)
  const seen = await play.boundingBox()
  if (!seen) throw new Error('Play video has no box')
  release()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  // Where the visitor sees it. (The scroll offset itself may change: the browser keeps what is in view
  // in place when the hydrated lead form above it grows or shrinks.)
  const now = await play.boundingBox()
  expect(Math.abs((now?.y ?? -1e4) - seen.y), 'Play stays where the visitor saw it').toBeLessThan(2)
  await page.mouse.click(seen.x + seen.width / 2, seen.y + seen.height / 2)
  await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible()
  await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => !video.paused)).toBe(true)
})

test('/: the carousel pressed right after load moves: Next, then Previous, then a dot', async ({ page }) => {
  await openJustLoaded(page, '/')
  await carousel(page).getByRole('button', { name: 'Next testimonial' }).click()
  await carousel(page).getByRole('button', { name: 'Previous testimonial' }).click()
  await carousel(page)
    .getByRole('button', { name: /^Testimonial 2 of 2/ })
    .click()
  await stays(slide(page), (current) => expect(current).toHaveAttribute('aria-label', '2 of 2'))
})

test("/: 'Get Started Today' pressed right after load goes back to the top", async ({ page }) => {
  await openJustLoaded(page, '/')
  await page.getByRole('button', { name: 'Get Started Today' }).click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

for (const path of ['/qrb', '/konversable', '/x18']) {
  test(`${path}: the carousel's dot pressed right after load moves it`, async ({ page }) => {
    await openJustLoaded(page, path)
    await carousel(page)
      .getByRole('button', { name: /^Testimonial 2 of 2/ })
      .click()
    await stays(slide(page), (current) => expect(current).toHaveAttribute('aria-label', '2 of 2'))
  })
}

test('/x18: Book a call pressed right after load leads to the booking form', async ({ page }) => {
  await openJustLoaded(page, '/x18')
  await page
    .getByRole('main')
    .getByRole(/* a link until hydrated, then a button */ 'link', { name: 'Book a call' })
    .or(page.getByRole('main').getByRole('button', { name: 'Book a call' }))
    .first()
    .click()
  // Before hydration it is a link to the form on the page; after, it opens the form in a dialog.
  await expect
    .poll(
      async () => (await page.getByRole('dialog', { name: 'Book Your Strategy Call' }).isVisible()) || new URL(page.url()).hash === '#book',
    )
    .toBe(true)
})
