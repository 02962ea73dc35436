import { readFileSync } from 'node:fs'
import { AxeBuilder } from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

export type Recorded = { system: string; body: Record<string, unknown> }

export const registrationRequests = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { __mockRequests?: Recorded[] }).__mockRequests ?? []).filter((r) => r.system === 'registrations'),
  )

/** Whether the build under test holds a supabase-js chunk, from Vite's manifest. */
export function hasSupabaseChunk(): boolean {
  const dist = process.env.E2E_DIST ?? 'dist-mock'
  const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>
  return Object.keys(manifest).some((source) => source.includes('@supabase/supabase-js'))
}

/** Presses Tab until `target` has focus (keyboard only), failing after `limit` presses. */
export async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

export const addressBox = (page: Page) => page.getByRole('combobox', { name: 'Full business address' })

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  const found = violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  }))
  expect(found, `axe violations: ${what}`).toEqual([])
}

/** Fills step 1 by pointer, the way most visitors do, with messy input the wizard cleans up. */
export async function fillContact(page: Page) {
  await page.getByLabel('Full name').fill('Jane Doe')
  await page.getByLabel('Phone number').fill('+61 (422) 470-721')
  await page.getByLabel('Business email').fill(' Jane@Example.COM ')
  await page.getByLabel('Company name').fill('Acme & Co.')
  await page.getByLabel('Number of seats').selectOption('51-100')
  await addressBox(page).fill('12 Example Road, Brisbane QLD')
  await addressBox(page).press('Escape')
  for (const name of ['Terms and Conditions', 'Privacy Policy', 'Cookie Policy', 'Data Processing Agreement']) {
    await page.getByRole('checkbox', { name: new RegExp(name) }).check()
  }
}

export async function expectContactKept(page: Page) {
  await expect(page.getByLabel('Full name')).toHaveValue('Jane Doe')
  await expect(page.getByLabel('Phone number')).toHaveValue('+61 (422) 470-721')
  await expect(page.getByLabel('Business email')).toHaveValue('Jane@Example.COM')
  await expect(page.getByLabel('Company name')).toHaveValue('Acme & Co.')
  await expect(page.getByLabel('Number of seats')).toHaveValue('51-100')
  await expect(addressBox(page)).toHaveValue('12 Example Road, Brisbane QLD')
  for (const name of ['Terms and Conditions', 'Privacy Policy', 'Cookie Policy', 'Data Processing Agreement']) {
    await expect(page.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked()
  }
}
