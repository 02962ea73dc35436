import type { Locator, Page } from '@playwright/test'
import { addressFixture, focusInside, heading, tabAndType } from './a11y-helpers'
import { tabTo } from './enterprise-helpers'
import { expect, gotoHydrated, test } from './fixtures'
import { expectVisibleFocus, focusState } from './focus-helper'

// Keyboard only: after navigation every step is a key press (no clicks, fill() or focus()).
test.use({ viewport: { width: 1280, height: 900 } })

/**
 * Tab and Shift+Tab `presses` times each: focus never lands outside the dialog (between loops the
 * browser may hand it to the document itself, which is the body here) and it comes back round to
 * where it started, so it cycles inside.
 */
async function expectFocusTrapped(page: Page, dialog: Locator, presses = 25) {
  const start = (await focusState(page))?.describe
  for (const key of ['Tab', 'Shift+Tab']) {
    let cameBack = false
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key)
      const inside = await focusInside(dialog)
      const state = await focusState(page)
      expect(inside || state === null, `${key} #${i + 1} left the dialog for ${state?.describe}`).toBe(true)
      if (state?.describe === start) cameBack = true
    }
    expect(cameBack, `${key} cycles back to ${start}`).toBe(true)
  }
}

test('the address combobox: typing opens it, arrows move, Escape closes, Enter chooses', async ({ page }) => {
  await gotoHydrated(page, '/')
  const box = page.getByRole('combobox', { name: 'Business address' })
  const listbox = page.getByRole('listbox', { name: 'Business address suggestions' })
  const options = listbox.getByRole('option')
  await tabAndType(page, box, addressFixture.query)
  await expect(options).toHaveCount(addressFixture.count)
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? 'listbox')
  await expect(box).not.toHaveAttribute('aria-activedescendant')
  await expect(page.getByText(`${addressFixture.count} address suggestions available`)).toBeAttached()

  const activeIs = async (n: number) => {
    const id = await options.nth(n).getAttribute('id')
    await expect(box).toHaveAttribute('aria-activedescendant', id ?? 'option')
    await expect(options.nth(n)).toHaveAttribute('aria-selected', 'true')
    await expect(listbox.locator('[aria-selected="true"]')).toHaveCount(1)
  }
  await page.keyboard.press('ArrowDown')
  await activeIs(0)
  await page.keyboard.press('ArrowDown')
  await activeIs(1)
  await page.keyboard.press('ArrowDown')
  await activeIs(2)
  await page.keyboard.press('ArrowUp')
  await activeIs(1)
  await expect(box).toBeFocused()

  await page.keyboard.press('Escape')
  await expect(listbox).toBeHidden()
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await expect(box).not.toHaveAttribute('aria-activedescendant')
  await expect(box).toHaveValue(addressFixture.query)
  await expect(box).toBeFocused()

  await page.keyboard.type(' street')
  await expect(options).toHaveCount(2)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  const chosen = (await options.nth(1).textContent()) ?? ''
  await page.keyboard.press('Enter')
  await expect(box).toHaveValue(chosen)
  await expect(listbox).toBeHidden()
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await expect(box).toBeFocused()
})

test('Congrats: opened by Enter, focus moves in and stays in, Escape closes, focus returns to the submit button', async ({ page }) => {
  await gotoHydrated(page, '/')
  await tabTo(page, page.getByLabel('Number of locations'))
  await page.keyboard.type('2')
  await tabAndType(page, page.getByLabel('Full name'), 'Jo Park')
  await tabAndType(page, page.getByLabel('Phone'), '0422470721')
  await tabAndType(page, page.getByLabel('Email'), 'jo@park.example')
  await tabAndType(page, page.getByRole('combobox', { name: 'Business address' }), '1 Long Road, Hobart')
  await page.keyboard.press('Escape')
  const submit = page.getByRole('button', { name: 'Get My Free Consultation' })
  await tabTo(page, submit, 3)
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: 'Congrats!' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Schedule Your Call' })).toBeFocused()
  await expectFocusTrapped(page, dialog)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(submit).toBeFocused()
})

test('Book a call on /x18: Enter opens it, focus stays in, Escape closes the suggestions first, then the dialog', async ({ page }) => {
  await gotoHydrated(page, '/x18')
  const trigger = page.getByRole('main').getByRole('button', { name: 'Book a call' })
  await tabTo(page, trigger)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Book Your Strategy Call' })
  await expect(dialog).toBeVisible()
  expect(await focusInside(dialog)).toBe(true)
  await expectFocusTrapped(page, dialog)

  const box = dialog.getByRole('combobox', { name: 'Business address' })
  await tabAndType(page, box, addressFixture.query)
  const suggestions = dialog.getByRole('listbox', { name: /suggestions/ })
  await expect(suggestions.getByRole('option')).toHaveCount(addressFixture.count)
  await page.keyboard.press('Escape')
  await expect(suggestions).toBeHidden()
  await expect(dialog).toBeVisible()
  await expect(box).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
})

test('the enterprise wizard and its plan dialog, keyboard only: headings take focus, the dialog traps and returns focus', async ({
  page,
}) => {
  await gotoHydrated(page, '/enterprise')
  await tabAndType(page, page.getByLabel('Full name'), 'Jane Doe')
  await tabAndType(page, page.getByLabel('Phone number'), '+61422470721')
  await tabAndType(page, page.getByLabel('Business email'), 'jane@example.com')
  await tabAndType(page, page.getByLabel('Company name'), 'Acme')
  await tabAndType(page, page.getByLabel('Number of seats'), '1')
  await tabAndType(page, page.getByRole('combobox', { name: 'Full business address' }), '12 Example Road, Brisbane')
  await page.keyboard.press('Escape')
  for (const name of ['Terms and Conditions', 'Privacy Policy', 'Cookie Policy', 'Data Processing Agreement']) {
    await tabTo(page, page.getByRole('checkbox', { name: new RegExp(name) }), 3)
    await page.keyboard.press('Space')
  }
  await tabTo(page, page.getByRole('button', { name: 'Next Step' }), 3)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', heading('Choose Your Plan'))).toBeFocused()

  const more = page.getByRole('button', { name: '+6 more features of Starter Enterprise' })
  await tabTo(page, more)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Starter Enterprise' })
  await expect(dialog).toBeVisible()
  expect(await focusInside(dialog)).toBe(true)
  await expectFocusTrapped(page, dialog)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(more).toBeFocused()

  await tabTo(page, page.getByRole('button', { name: 'Back' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', heading('Contact Information'))).toBeFocused()
  await expect(page.getByLabel('Full name')).toHaveValue('Jane Doe')
})

for (const [path, practices] of [
  ['/', ['Bright Smile Dental', 'Reyes Plumbing & Gas']],
  ['/vet', ['Harbourside Veterinary Clinic', 'Greenfield Animal Hospital']],
] as const) {
  test(`${path}: the carousel's buttons and dots are reached by Tab and work with Enter and Space; the live region follows`, async ({
    page,
  }) => {
    await gotoHydrated(page, path)
    const region = page.getByRole('region', { name: 'Client testimonials' })
    const live = region.locator('[aria-live="polite"]')
    const shows = async (n: 0 | 1) => {
      await expect(live).toContainText(practices[n], { useInnerText: true })
      await expect(live).not.toContainText(practices[1 - n]!, { useInnerText: true })
      await expect(region.getByRole('button', { name: new RegExp(`^Testimonial ${n + 1} of 2`) })).toHaveAttribute('aria-current', 'true')
    }
    await shows(0)
    await tabTo(page, region.getByRole('button', { name: 'Previous testimonial' }), 80)
    await page.keyboard.press('Enter')
    await shows(1)
    await page.keyboard.press('Tab')
    await expect(region.getByRole('button', { name: 'Next testimonial' })).toBeFocused()
    await page.keyboard.press('Space')
    await shows(0)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(region.getByRole('button', { name: /^Testimonial 2 of 2/ })).toBeFocused()
    await page.keyboard.press('Enter')
    await shows(1)
    await page.keyboard.press('Shift+Tab')
    await expect(region.getByRole('button', { name: /^Testimonial 1 of 2/ })).toBeFocused()
    await page.keyboard.press('Space')
    await shows(0)
    await page.keyboard.press('ArrowLeft')
    await shows(1)
  })
}

test.describe('visible focus', () => {
  // '/', '/schedule' and '/enterprise' at 1280 px are walked in accessibility.spec.ts; here every
  // other kind of page, the phone layout and an open dialog.
  for (const path of ['/vet', '/x18', '/qrb', '/news', '/blog/get-more-customer-reviews', '/terms']) {
    test(`${path}: every Tab stop has a visible focus indicator with 3:1 contrast`, async ({ page }) => {
      await gotoHydrated(page, path)
      await page.waitForLoadState('networkidle')
      await expectVisibleFocus(page, path, 6)
    })
  }

  test('phone layout of / : every Tab stop has a visible focus indicator', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await gotoHydrated(page, '/')
    await page.waitForLoadState('networkidle')
    await expectVisibleFocus(page, '/ at 390 px', 6)
  })

  test('inside the open Book a call dialog', async ({ page }) => {
    await gotoHydrated(page, '/x18')
    await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Book a call' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Book Your Strategy Call' })).toBeVisible()
    await expectVisibleFocus(page, 'Book a call dialog')
  })
})
