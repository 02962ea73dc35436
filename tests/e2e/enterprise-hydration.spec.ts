import { expect, test } from './fixtures'
import { expectContactKept, fillContact } from './enterprise-helpers'
import { holdAppScript } from './lead-helpers'

test('enterprise step 1 filled before hydration is kept and validated by the wizard', async ({ page }) => {
  const release = await holdAppScript(page)
  await page.goto('/enterprise', { waitUntil: 'commit' })
  await expect(page.getByLabel('Full name')).toBeVisible()
  await fillContact(page)
  await page.getByLabel('Company name').focus()

  release()
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await expectContactKept(page)
  await expect(page.getByLabel('Company name')).toBeFocused()

  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible()
})
