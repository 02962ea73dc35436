import { expect, gotoHydrated, test } from './fixtures'
import { expectFormKept, fillLeadForm, leadRequests } from './lead-helpers'

const submitButton = { name: 'Get My Free Consultation' }

test.describe('spam guard and rate limit', () => {
  test.use({ allowedConsoleErrors: [/status of 429 \(Too Many Requests\)/] })

  test('a rate-limited visitor is told to wait, and keeps everything typed', async ({ page }) => {
    await gotoHydrated(page, '/?mock=lead-limited')
    await fillLeadForm(page)
    await page.getByRole('button', submitButton).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Too many submissions from your connection' })).toBeVisible()
    await expectFormKept(page)
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeHidden()
  })

  test('each lead carries an empty honeypot and how long the form took, and the honeypot is unreachable', async ({ page }) => {
    await gotoHydrated(page, '/')
    const honeypot = page.locator('input[name="website"]')
    await expect(honeypot).toHaveAttribute('tabindex', '-1')
    await expect(page.getByRole('textbox', { name: /leave this field empty/i })).toHaveCount(0)
    await fillLeadForm(page)
    await page.getByRole('button', submitButton).click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
    const [sent] = await leadRequests(page)
    expect(sent?.body.guard).toEqual({ honeypot: '', fillMs: expect.any(Number) })
    expect((sent?.body.guard as { fillMs: number }).fillMs).toBeGreaterThan(0)
  })
})
