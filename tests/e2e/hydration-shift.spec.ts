import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { holdAppScript } from './lead-helpers'

// Issue 45: the prerendered /vet form shows its note as a text area (it posts natively before the
// script runs); once hydrated it folded an empty note into '+ Add note', and the form, with
// everything below it, moved up by about 107 px: a layout shift on every visit.

/** Every layout shift of the page's life, CLS's data. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] }
    w.shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
}
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)
const leadForm = (page: Page) =>
  page
    .locator('form')
    .filter({ has: page.getByLabel('Full name') })
    .first()

for (const path of ['/vet', '/vet1']) {
  test(`${path}: the lead form is as tall hydrated as prerendered, and nothing shifts`, async ({ page }) => {
    await recordShifts(page)
    const release = await holdAppScript(page)
    // Not `load`: the boot may insert the held script before it, and `load` waits for that script.
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    await expect(leadForm(page)).toBeVisible()
    const before = await leadForm(page).boundingBox()
    release()
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const after = await leadForm(page).boundingBox()
    expect(after?.height).toBe(before?.height)
    expect(await shifts(page)).toEqual([])
  })
}

test('/vet: a note typed before hydration is kept, in the open note, once hydrated', async ({ page }) => {
  const release = await holdAppScript(page)
  await page.goto('/vet', { waitUntil: 'domcontentloaded' })
  const note = page.getByRole('textbox', { name: 'Note (optional)' })
  await note.fill('Three clinics')
  release()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await expect(note).toHaveValue('Three clinics')
  await expect(page.getByRole('button', { name: 'Remove note' })).toBeVisible()
})
