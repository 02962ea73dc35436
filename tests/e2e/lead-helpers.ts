import type { Page } from '@playwright/test'
import { expect } from './fixtures'

export type Recorded = { system: string; body: Record<string, unknown> }

export const leadRequests = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __mockRequests?: Recorded[] }).__mockRequests ?? []).filter((r) => r.system === 'leads'))

export const addressBox = (page: Page) => page.getByRole('combobox', { name: 'Business address' })

export async function fillLeadForm(page: Page, address = '45 Oak Avenue, Austin TX, USA', locations = '11-50') {
  await page.getByLabel('Number of locations').selectOption(locations)
  await page.getByLabel('Full name').fill('Sam Carter')
  await page.getByLabel('Phone').fill('0422470721')
  await page.getByLabel('Email').fill('sam@carter.example')
  await addressBox(page).fill(address)
  // A visitor who types the whole address dismisses the suggestions rather than picking one.
  await addressBox(page).press('Escape')
}

export async function expectFormKept(page: Page, address = '45 Oak Avenue, Austin TX, USA') {
  await expect(page.getByLabel('Number of locations')).toHaveValue('11-50')
  await expect(page.getByLabel('Full name')).toHaveValue('Sam Carter')
  await expect(page.getByLabel('Phone')).toHaveValue('0422470721')
  await expect(page.getByLabel('Email')).toHaveValue('sam@carter.example')
  await expect(addressBox(page)).toHaveValue(address)
}

/** Holds /assets/app.js until `release()`: the page shows its prerendered HTML, not yet hydrated. */
export async function holdAppScript(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/app.js', async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** From the Congrats dialog to /schedule: what the calendar is handed (its `data-cal-config`) once the week view is set. */
export async function scheduleCalendarConfig(page: Page): Promise<Record<string, string>> {
  await page.getByRole('dialog', { name: 'Congrats!' }).getByRole('button', { name: 'Schedule Your Call' }).click()
  await expect(page).toHaveURL(/\/schedule$/)
  const trigger = page.getByRole('button', { name: 'Schedule Your Call' })
  await expect(trigger).toHaveAttribute('data-cal-config', /week_view/)
  return JSON.parse((await trigger.getAttribute('data-cal-config')) ?? '{}') as Record<string, string>
}
