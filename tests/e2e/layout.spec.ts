import type { Locator, Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { placeholderFit } from './placeholder-fit'
import { allPaths } from './pages'

// The layout at 390 and 1280 px (checked by eye with screenshots; these pin what is measurable).

const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

for (const path of ['/vet', '/vet1']) {
  test(`${path}: the heading never breaks inside '5-star'`, async ({ page }) => {
    await gotoHydrated(page, path)
    const heading = page.getByRole('heading', { level: 1 })
    // A non-breaking hyphen (U+2011): the visible text is unchanged, and so is what is read out.
    await expect(heading).toHaveAccessibleName('More 5\u2011star reviews for your veterinary practice')
    for (const width of [320, 340, 360, 390, 430, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      const lines = await heading.evaluate((h) => {
        const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf('5\u2011star')
          if (at < 0) continue
          const range = document.createRange()
          range.setStart(node, at)
          range.setEnd(node, at + '5\u2011star'.length)
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
        }
        return 0
      })
      expect(lines, `'5-star' at ${width} px`).toBe(1)
    }
  })
}

for (const width of [390, 1280]) {
  test(`/x18 at ${width} px: every figure sits on one line`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await gotoHydrated(page, '/x18')
    const figures = await page.locator('#design-title ~ dl dd').evaluateAll((els) =>
      els.map((el) => ({
        text: el.textContent,
        height: el.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(el).lineHeight),
        fits: el.scrollWidth <= el.parentElement!.clientWidth,
      })),
    )
    expect(figures.map((f) => f.text)).toEqual(['99+', '4.8+', '2 weeks'])
    for (const figure of figures) {
      expect(figure.height, figure.text!).toBeLessThan(figure.line * 1.5)
      expect(figure.fits, figure.text!).toBe(true)
    }
    expect(new Set(figures.map((f) => Math.round(f.height))).size).toBe(1)
  })

  test(`/x18 at ${width} px: the dialog shows the whole address placeholder`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 })
    await gotoHydrated(page, '/x18')
    await page.getByRole('main').getByRole('button', { name: 'Book a call' }).click()
    const box = page.getByRole('dialog', { name: 'Book Your Strategy Call' }).getByRole('combobox', { name: 'Business address' })
    const { text, room } = await placeholderFit(box)
    expect(text).toBeLessThanOrEqual(room)
    expect(await noHorizontalOverflow(page)).toBe(true)
  })

  test(`/schedule at ${width} px: the calendar stand-in's time cells fit their columns`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await gotoHydrated(page, '/schedule')
    const calendar = page.getByRole('region', { name: /Calendar \(offline stand-in\)/ })
    await expect(calendar).toBeVisible()
    const overflowing = await calendar.evaluate((panel) => {
      const cells = [...panel.querySelectorAll('p')]
      const box = panel.getBoundingClientRect()
      return cells
        .filter((cell) => {
          const rect = cell.getBoundingClientRect()
          const column = cell.parentElement!.getBoundingClientRect()
          return cell.scrollWidth > cell.clientWidth || rect.right > column.right + 0.5 || rect.right > box.right
        })
        .map((cell) => cell.textContent)
    })
    expect(overflowing).toEqual([])
    expect(await calendar.evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(true)
    expect(await noHorizontalOverflow(page)).toBe(true)
  })

  for (const path of ['/', '/qrb', '/konversable', '/vet']) {
    test(`${path} at ${width} px: the last section meets the footer with no white band`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await gotoHydrated(page, path)
      const gap = await page.evaluate(() => {
        const main = document.querySelector('main')!
        const sections = [...main.querySelectorAll('section:not(section section)')]
        const last = sections[sections.length - 1]!
        return document.querySelector('footer')!.getBoundingClientRect().top - last.getBoundingClientRect().bottom
      })
      expect(gap).toBe(0)
    })
  }

  test(`/terms at ${width} px: a page that ends on plain text keeps its space above the footer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await gotoHydrated(page, '/terms')
    const gap = await page.evaluate(
      () => document.querySelector('footer')!.getBoundingClientRect().top - document.querySelector('main')!.getBoundingClientRect().bottom,
    )
    expect(gap).toBe(64)
  })

  test(`/ at ${width} px: the integrations strip shows each app's mark at one size, named`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await gotoHydrated(page, '/')
    const strip = page.getByRole('region', { name: 'Trusted by 200+ Integrated Apps' })
    await strip.scrollIntoViewIfNeeded()
    const names = ['Google Business Profile', 'Facebook', 'Xero', 'Shopify', 'Square', 'Calendly']
    for (const name of names) await expect(strip.getByRole('img', { name })).toBeVisible()
    const sizes = await strip.getByRole('img').evaluateAll((marks) =>
      marks.map((mark) => {
        const label = mark.nextElementSibling!
        return {
          mark: Math.round(mark.getBoundingClientRect().height),
          font: getComputedStyle(label).fontSize,
          colour: getComputedStyle(mark).color,
        }
      }),
    )
    expect(sizes).toHaveLength(names.length)
    // Each mark and name fits its own cell, the longest ('Google Business') included.
    const crowded = await strip.getByRole('listitem').evaluateAll((items) =>
      items
        .filter((li) => {
          const boxes = [...li.children].map((child) => child.getBoundingClientRect())
          return Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left)) > li.clientWidth + 0.5
        })
        .map((li) => li.textContent),
    )
    expect(crowded).toEqual([])
    expect(new Set(sizes.map((s) => JSON.stringify(s))).size).toBe(1)
  })
}

// Issue 29 point 14: a folding phone's cover screen is 280 px wide.
for (const path of allPaths) {
  test(`${path} at 280 px: nothing scrolls sideways and the header's JOIN US stays whole`, async ({ page }) => {
    await page.setViewportSize({ width: 280, height: 700 })
    await gotoHydrated(page, path)
    expect(await noHorizontalOverflow(page)).toBe(true)
    const joinUs = page.getByRole('banner').getByRole('button', { name: 'JOIN US' })
    await expect(joinUs).toBeInViewport({ ratio: 1 })
    const { lines, fits } = await joinUs.evaluate((button) => {
      const range = document.createRange()
      range.selectNodeContents(button)
      return {
        lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
        fits: button.scrollWidth <= button.clientWidth,
      }
    })
    expect(lines, 'JOIN US on one line').toBe(1)
    expect(fits).toBe(true)
  })
}

// Issue 29 point 15: a tap aimed at the row under the address field must land on that row while suggestions load.
for (const [path, field, below] of [
  ['/enterprise?mock=slow', 'Full business address', { role: 'checkbox', name: /Terms and Conditions/ }],
  ['/?mock=slow', 'Business address', { role: 'button', name: 'Get My Free Consultation' }],
] as const) {
  test(`${path} at 390 px: nothing under the address field moves while 'Searching…' and the suggestions show`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await gotoHydrated(page, path)
    const box = page.getByRole('combobox', { name: field })
    const target = page.getByRole(below.role, { name: below.name }).first()
    await box.scrollIntoViewIfNeeded()
    // Every frame's position of the row below, and every layout shift (those right after a keystroke too, which CLS forgives).
    await target.evaluate((el) => {
      const w = window as unknown as { tops: number[]; shifts: number[] }
      w.tops = []
      w.shifts = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value)
      }).observe({ type: 'layout-shift' })
      const frame = () => {
        w.tops.push(Math.round(el.getBoundingClientRect().top + scrollY))
        requestAnimationFrame(frame)
      }
      frame()
    })
    await box.pressSequentially('harbour')
    await expect(page.getByRole('status').filter({ hasText: 'Searching…' })).toBeVisible()
    await expect(page.getByRole('listbox', { name: `${field} suggestions` }).getByRole('option')).not.toHaveCount(0, { timeout: 5_000 })
    await page.keyboard.press('Escape')
    await expect(page.getByRole('listbox', { name: `${field} suggestions` })).toBeHidden()
    const { tops, shifts } = await page.evaluate(() => {
      const { tops, shifts } = window as unknown as { tops: number[]; shifts: number[] }
      return { tops, shifts }
    })
    expect(new Set(tops).size, `positions of the row below: ${[...new Set(tops)].join(', ')}`).toBe(1)
    expect(shifts).toEqual([])
  })
}

/** How much wider an input's placeholder is than the room inside its padding (0 or less: it shows whole). */
const placeholderExcess = (input: Locator) =>
  input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    return context.measureText(el.placeholder).width - (el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight))
  })

// Issue 29 point 16: the half-width Phone field of the lead dialogs showed 'Phone ex. 042247072'.
for (const [where, path, open] of [
  ['/x18 Book a call', '/x18', (page: Page) => page.getByRole('main').getByRole('button', { name: 'Book a call' })],
  ['Join Us', '/news', (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Join Us Here' })],
  [
    '/check booking',
    '/check?place=mock-vet-harbourside&radius=5',
    (page: Page) => page.getByRole('button', { name: 'Book a call to close the gap' }),
  ],
] as const) {
  test(`${where} dialog at 1280 px: the phone and e-mail placeholders show whole, side by side`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await gotoHydrated(page, path)
    await open(page).click()
    const dialog = page.getByRole('dialog')
    const phone = dialog.getByRole('textbox', { name: 'Phone' })
    const email = dialog.getByRole('textbox', { name: 'Email' })
    await expect(phone).toHaveAttribute('placeholder', 'Phone ex. 0422470721')
    expect((await phone.boundingBox())!.y).toBe((await email.boundingBox())!.y)
    expect(await placeholderExcess(phone)).toBeLessThanOrEqual(0)
    expect(await placeholderExcess(email)).toBeLessThanOrEqual(0)
  })
}

// Issue 29 point 17: a hard blue box appeared around the result heading when the page loaded on a phone.
test('/check?place=… at 390 px: the focused result heading shows no ring, and a keyboard focus after it does', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, '/check?place=mock-vet-harbourside&radius=5')
  const heading = page.getByRole('heading', { level: 2, name: /4\.6 stars/ })
  await expect(heading).toBeFocused()
  // A ring is an outline, or a box shadow (the form fields draw theirs with one).
  const ring = (el: Element) => {
    const style = getComputedStyle(el)
    return { outline: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth), shadow: style.boxShadow !== 'none' }
  }
  expect(await heading.evaluate(ring)).toEqual({ outline: 0, shadow: false })
  const next = page.getByLabel('Target rating')
  expect(await next.evaluate(ring)).toEqual({ outline: 0, shadow: false })
  await page.keyboard.press('Tab')
  await expect(next).toBeFocused()
  const { outline, shadow } = await next.evaluate(ring)
  expect(outline >= 2 || shadow).toBe(true)
})
