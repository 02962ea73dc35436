import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { expectAxeClean } from './axe-helper'
import { holdAppScript, leadRequests } from './lead-helpers'

const ADDRESS = '78 Harbour Street, Sydney NSW, Australia'
const modal = (page: Page) => page.getByRole('dialog', { name: 'Book Your Strategy Call' })
// Hydrated, Book a call is a button that opens the dialog; before that, a link to the form.
const trigger = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Book a call' })
const formLink = (page: Page) => page.getByRole('main').getByRole('link', { name: 'Book a call' })

async function fillModal(page: Page) {
  const m = modal(page)
  await m.getByLabel('Number of locations').selectOption('2-10')
  await m.getByLabel('Full name').fill('Mia Chen')
  await m.getByLabel('Phone').fill('0422470721')
  await m.getByLabel('Email').fill('mia@chenstudio.example')
  // A suggestion chosen from the compact list; Escape with no list open would close the modal itself.
  await m.getByRole('combobox', { name: 'Business address' }).pressSequentially('harbour')
  await expect(m.getByRole('listbox', { name: /Business address suggestions/ }).getByRole('option')).toHaveCount(1)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(m.getByRole('listbox')).toBeHidden()
}

async function expectModalKept(page: Page) {
  const m = modal(page)
  await expect(m.getByLabel('Number of locations')).toHaveValue('2-10')
  await expect(m.getByLabel('Full name')).toHaveValue('Mia Chen')
  await expect(m.getByLabel('Phone')).toHaveValue('0422470721')
  await expect(m.getByLabel('Email')).toHaveValue('mia@chenstudio.example')
  await expect(m.getByRole('combobox', { name: 'Business address' })).toHaveValue(ADDRESS)
}

for (const width of [1280, 390]) {
  test(`/x18 at ${width} px: Book a call opens the modal, which submits, closes, resets and hands over to Congrats`, async ({ page }) => {
    test.setTimeout(90_000) // three full axe scans on a machine shared by four engineers
    await page.setViewportSize({ width, height: 900 })
    await gotoHydrated(page, '/x18')
    await expect(page.getByText('99+ happy clients')).toBeVisible()
    await expectAxeClean(page, `/x18 at ${width} px loaded`)

    await trigger(page).click()
    await expect(modal(page)).toBeVisible()
    await expect(page).not.toHaveURL(/#book$/)
    expect(await modal(page).evaluate((d) => d.contains(document.activeElement))).toBe(true)
    // Focus stays in the modal: Tab around it a full loop and more.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await modal(page).evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body)).toBe(true)
    }
    await fillModal(page)
    await expectAxeClean(page, `/x18 at ${width} px with the modal open and filled`)
    await modal(page).getByRole('button', { name: 'Book My Strategy Call' }).click()

    const congrats = page.getByRole('dialog', { name: 'Congrats!' })
    await expect(congrats).toBeVisible()
    await expect(modal(page)).toBeHidden()
    await expect(congrats.getByRole('button', { name: 'Schedule Your Call' })).toBeFocused()
    await expectAxeClean(page, `/x18 at ${width} px with Congrats open`)
    const [lead] = await leadRequests(page)
    expect(lead?.body).toMatchObject({ lead: { name: 'Mia Chen', locations: '2-10' }, source: { path: '/x18', label: 'X18 Page' } })

    await congrats.getByRole('button', { name: 'Close' }).click()
    await expect(trigger(page)).toBeFocused()
    await trigger(page).click()
    await expect(modal(page).getByLabel('Full name')).toHaveValue('')
    await expect(modal(page).getByRole('combobox', { name: 'Business address' })).toHaveValue('')
    await page.keyboard.press('Escape')
    await expect(modal(page)).toBeHidden()
    await expect(trigger(page)).toBeFocused()
  })
}

test.describe('failures', () => {
  test.use({ allowedConsoleErrors: [/status of (500|503) \((Internal Server Error|Service Unavailable)\)/] })

  test('/x18: a failed lead keeps the modal open with the error and everything typed', async ({ page }) => {
    await gotoHydrated(page, '/x18?mock=lead-error')
    await trigger(page).click()
    await fillModal(page)
    await modal(page).getByRole('button', { name: 'Book My Strategy Call' }).click()
    await expect(modal(page).getByRole('alert').filter({ hasText: 'An error occurred. Please try again.' })).toBeVisible()
    await expect(modal(page)).toBeVisible()
    await expectModalKept(page)
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeHidden()
    await expectAxeClean(page, '/x18 with the error in the modal')
  })

  test('/x18: the button reads Processing... while sending', async ({ page }) => {
    await gotoHydrated(page, '/x18?mock=slow')
    await trigger(page).click()
    await fillModal(page)
    await modal(page).getByRole('button', { name: 'Book My Strategy Call' }).click()
    await expect(modal(page).getByRole('button', { name: 'Processing...' })).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible({ timeout: 10_000 })
    expect(await leadRequests(page)).toHaveLength(1)
  })
})

test.describe('before hydration (no script)', () => {
  test.use({ javaScriptEnabled: false })

  test('Book a call is a link to the form on the page', async ({ page }) => {
    await page.goto('/x18')
    await expect(formLink(page)).not.toHaveAttribute('aria-haspopup')
    await formLink(page).click()
    await expect(page).toHaveURL(/#book$/)
    const section = page.locator('#book')
    await expect(section.getByLabel('Full name')).toBeInViewport()
    await expect(section.getByRole('button', { name: 'Book My Strategy Call' })).toBeVisible()
  })
})

test('Book a call: prerendered, a link to the form; once hydrated, a button that opens a dialog, with no hydration error', async ({
  page,
}) => {
  const release = await holdAppScript(page)
  await page.goto('/x18', { waitUntil: 'commit' })
  await expect(formLink(page)).toHaveAttribute('href', '#book')
  await expect(formLink(page)).not.toHaveAttribute('aria-haspopup')
  release()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await expect(trigger(page)).toHaveAttribute('aria-haspopup', 'dialog')
  await expect(trigger(page)).not.toHaveAttribute('href')
  await expect(formLink(page)).toHaveCount(0)
  await trigger(page).click()
  await expect(modal(page)).toBeVisible()
  await expect(modal(page)).toHaveAccessibleDescription(
    'Leave your details; once we have them, you can pick a time for your free design strategy call in our calendar.',
  )
  // The console watch of every test fails it on any React hydration error.
})
