import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Issue 38 point 7: two ways to reach a person. The sales phone, its +61 form for callers outside
 * Australia (a 1300 number cannot be dialled from abroad), and the e-mail as a mailto link.
 */
export async function expectWaysToReachUs(scope: Page | Locator) {
  const phone = scope.getByRole('link', { name: '1300 555 019', exact: true })
  const abroad = scope.getByRole('link', { name: '+61 2 5550 4019', exact: true })
  const email = scope.getByRole('link', { name: 'hello@reviewlift.example', exact: true })
  await expect(phone).toBeVisible()
  await expect(phone).toHaveAttribute('href', 'tel:1300555019')
  await expect(abroad).toBeVisible()
  await expect(abroad).toHaveAttribute('href', 'tel:+61255504019')
  await expect(email).toBeVisible()
  await expect(email).toHaveAttribute('href', 'mailto:hello@reviewlift.example')
}
