import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { expectAxeClean } from './axe-helper'
import { fillLeadForm, leadRequests } from './lead-helpers'

const GENERAL = ['Bright Smile Dental', 'Reyes Plumbing & Gas']

function carousel(page: Page) {
  const region = page.getByRole('region', { name: 'Client testimonials' })
  const current = region.locator('[aria-roledescription="slide"]:not(.invisible)')
  return {
    region,
    current,
    next: region.getByRole('button', { name: 'Next testimonial' }),
    previous: region.getByRole('button', { name: 'Previous testimonial' }),
    dot: (n: number) => region.getByRole('button', { name: new RegExp(`^Testimonial ${n} of 2`) }),
  }
}

async function expectShown(page: Page, practice: string, label: string) {
  const { current } = carousel(page)
  await expect(current).toHaveCount(1)
  await expect(current).toHaveAttribute('aria-label', label)
  await expect(current.getByText(practice, { exact: true })).toBeVisible()
}

for (const path of ['/', '/qrb', '/konversable', '/x18']) {
  test(`${path}: the general testimonials carousel wraps both ways by buttons, dots and keyboard`, async ({ page }) => {
    await gotoHydrated(page, path)
    const c = carousel(page)
    await expect(c.region).toHaveAttribute('aria-roledescription', 'carousel')
    await c.region.scrollIntoViewIfNeeded()
    await expectShown(page, GENERAL[0]!, '1 of 2')
    await expect(c.current.locator('xpath=..')).toHaveAttribute('aria-live', 'polite')

    await c.next.click()
    await expectShown(page, GENERAL[1]!, '2 of 2')
    await c.next.click()
    await expectShown(page, GENERAL[0]!, '1 of 2')
    await c.previous.click()
    await expectShown(page, GENERAL[1]!, '2 of 2')
    await expect(c.dot(2)).toHaveAttribute('aria-current', 'true')

    await c.dot(1).click()
    await expectShown(page, GENERAL[0]!, '1 of 2')
    await expect(c.dot(1)).toHaveAttribute('aria-current', 'true')
    await expect(c.dot(2)).not.toHaveAttribute('aria-current')

    await c.previous.focus()
    await page.keyboard.press('Enter')
    await expectShown(page, GENERAL[1]!, '2 of 2')
    await page.keyboard.press('ArrowRight')
    await expectShown(page, GENERAL[0]!, '1 of 2')
    await page.keyboard.press('ArrowLeft')
    await expectShown(page, GENERAL[1]!, '2 of 2')
    await page.keyboard.press('Tab')
    await expect(c.next).toBeFocused()
    await page.keyboard.press('Space')
    await expectShown(page, GENERAL[0]!, '1 of 2')
    if (path !== '/') await expectAxeClean(page, `${path} after moving the carousel`)
  })
}

test.describe('before hydration (no script)', () => {
  test.use({ javaScriptEnabled: false })

  test('every slide is in the prerendered page and the first is shown', async ({ page }) => {
    await page.goto('/qrb')
    const slides = page.locator('[aria-roledescription="slide"]')
    await expect(slides).toHaveCount(2)
    await expect(slides.first()).toBeVisible()
    await expect(slides.first().getByText(GENERAL[0]!, { exact: true })).toBeVisible()
  })
})

for (const [path, partner] of [
  ['/qrb', 'Dare Accounting'],
  ['/konversable', 'Konversable'],
] as const) {
  test(`${path}: the ${partner} offer shows US$390 instead of US$600, saving US$210, and the lead carries its source`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text()
    expect(html).not.toContain('\\$')
    expect(html).toContain('US$390')

    await gotoHydrated(page, path)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(partner)
    const offer = page.getByRole('region', { name: 'Business growth package' })
    await expect(offer).toContainText('US$390')
    await expect(offer).toContainText('instead of US$600 per month')
    await expect(offer).toContainText('You save US$210 per month')
    await expect(page.locator('main')).not.toContainText('\\')
    await expectAxeClean(page, `${path} loaded`)

    await fillLeadForm(page)
    await page.getByRole('button', { name: 'Claim My US$390 Offer' }).click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
    await expectAxeClean(page, `${path} with Congrats open`)
    const [lead] = await leadRequests(page)
    const source =
      path === '/qrb'
        ? { path, label: 'Accountants Page (QRB)', note: expect.stringContaining('Dare Accounting') }
        : { path, label: 'Konversable Page' }
    expect(lead?.body).toMatchObject({ source, lead: { locations: '11-50', name: 'Sam Carter' } })
  })
}
