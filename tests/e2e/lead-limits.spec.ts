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

  test('each lead carries an empty honeypot and the bot check token (the server measures the fill time), and the honeypot is unreachable', async ({
    page,
  }) => {
    await gotoHydrated(page, '/')
    const honeypot = page.locator('input[name="website"]')
    await expect(honeypot).toHaveAttribute('tabindex', '-1')
    await expect(page.getByRole('textbox', { name: /leave this field empty/i })).toHaveCount(0)
    await fillLeadForm(page)
    await page.getByRole('button', submitButton).click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
    const [sent] = await leadRequests(page)
    // The fill time a client reports is not trusted: the function measures it from the verified challenge.
    expect(sent?.body.guard).toEqual({ honeypot: '', fillMs: 0 })
    expect(sent?.body.turnstileToken).toBe('XXXX.DUMMY.TOKEN.XXXX')
  })
})
