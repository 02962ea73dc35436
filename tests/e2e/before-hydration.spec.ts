import { expect, test } from './fixtures'
import { expectWaysToReachUs } from './contact-helpers'
import { holdAppScript } from './lead-helpers'

const NATIVE_ERROR = 'An error occurred. Please try again.'

test('the invalid-input redirect of the native post shows the error without script and once hydrated', async ({ browser, page }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const plain = await noScript.newPage()
  await plain.goto('/vet?lead=error#lead-error')
  await expect(plain.locator('#lead-error')).toBeVisible()
  await expect(plain.locator('#lead-error')).toHaveText(
    `${NATIVE_ERROR}If it fails again, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.`,
  )
  // Even without the script, the failure leaves the phone as a way forward.
  await expectWaysToReachUs(plain.locator('#lead-error'))
  await noScript.close()

  await page.goto('/vet?lead=error#lead-error')
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await expect(page.locator('main form').first().getByRole('alert')).toHaveText(
    `${NATIVE_ERROR}If it fails again, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.`,
  )
  await expect(page.getByText(NATIVE_ERROR)).toHaveCount(1)
})

test('without the error flag the native error stays hidden', async ({ page }) => {
  const release = await holdAppScript(page)
  await page.goto('/vet', { waitUntil: 'commit' })
  await expect(page.getByLabel('Full name')).toBeVisible()
  await expect(page.locator('#lead-error')).toBeHidden()
  release()
})

test('controls that need the script: carousel arrows hidden, note shown, Book a call links to the form', async ({ page }) => {
  const release = await holdAppScript(page)
  await page.goto('/x18', { waitUntil: 'commit' })
  await expect(page.getByRole('link', { name: /Book/ }).first()).toHaveAttribute('href', '#book')
  await expect(page.getByRole('button', { name: 'Next testimonial' })).toBeHidden()
  release()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await expect(page.getByRole('button', { name: 'Next testimonial' })).toBeVisible()

  const vet = await page.context().newPage()
  const releaseVet = await holdAppScript(vet)
  await vet.goto('/vet', { waitUntil: 'commit' })
  await expect(vet.getByRole('textbox', { name: 'Note (optional)' })).toBeVisible()
  releaseVet()
  await vet.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  // The prerendered note stays open once hydrated: folding it would shift the page (issue 45).
  await expect(vet.getByRole('button', { name: 'Remove note' })).toBeVisible()
  await expect(vet.getByRole('textbox', { name: 'Note (optional)' })).toBeVisible()
})
