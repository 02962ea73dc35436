import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { holdAppScript, leadRequests } from './lead-helpers'

// Each lead form, typed into before the app script runs (held back with route interception).
const FORMS = [
  { path: '/', label: 'Homepage', form: (page: Page) => page.locator('main form').first() },
  { path: '/vet', label: 'Veterinary Page', locations: '6-15', note: true, form: (page: Page) => page.locator('main form').first() },
  { path: '/x18', label: 'X18 Page', form: (page: Page) => page.locator('#book form') },
  { path: '/qrb', label: 'Accountants Page (QRB)', form: (page: Page) => page.locator('main form').first() },
  { path: '/konversable', label: 'Konversable Page', form: (page: Page) => page.locator('main form').first() },
  { path: '/blog/get-more-customer-reviews', form: (page: Page) => page.locator('main form').first() },
] as const

const typed = {
  name: 'Quinn Holloway',
  phone: '0499123456',
  email: 'quinn@holloway.example',
  business: '77 Juniper Lane, Hobart TAS',
  note: 'Two clinics and a mobile van',
}

async function typeBeforeHydration(form: Locator, locations: string, note: boolean) {
  await form.getByLabel('Number of locations').selectOption(locations)
  await form.getByLabel('Email').fill(typed.email)
  await form.getByLabel('Phone').fill(typed.phone)
  await form.getByRole('combobox', { name: 'Business address' }).fill(typed.business)
  if (note) await form.getByRole('textbox', { name: 'Note (optional)' }).fill(typed.note)
  await form.getByLabel('Full name').fill(typed.name)
  // The visitor is mid-edit in the name field, the caret after 'Quinn'.
  await form.getByLabel('Full name').press('Home')
  for (let i = 0; i < 5; i++) await form.getByLabel('Full name').press('ArrowRight')
}

for (const spec of FORMS) {
  const locations = 'locations' in spec ? spec.locations : '11-50'
  const note = 'note' in spec

  test(`${spec.path}: what is typed before hydration is kept on screen, in focus and in the lead`, async ({ page }) => {
    const release = await holdAppScript(page)
    await page.goto(spec.path, { waitUntil: 'commit' })
    const form = spec.form(page)
    await expect(form.getByLabel('Full name')).toBeVisible()
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
    await typeBeforeHydration(form, locations, note)

    release()
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.waitForTimeout(300)

    await expect(form.getByLabel('Number of locations')).toHaveValue(locations)
    await expect(form.getByLabel('Full name')).toHaveValue(typed.name)
    await expect(form.getByLabel('Phone')).toHaveValue(typed.phone)
    await expect(form.getByRole('combobox', { name: 'Business address' })).toHaveValue(typed.business)
    await expect(form.getByLabel('Email')).toHaveValue(typed.email)
    if (note) await expect(form.getByRole('textbox', { name: 'Note (optional)' })).toHaveValue(typed.note)
    await expect(form.getByLabel('Full name')).toBeFocused()
    expect(await form.getByLabel('Full name').evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([
      5, 5,
    ])

    await form.getByRole('button', { name: /Get My Free Consultation|Claim My|Book|Submit/ }).click()
    await expect.poll(async () => (await leadRequests(page)).length).toBe(1)
    const body = (await leadRequests(page))[0]!.body
    expect(body.lead).toEqual({ locations, ...typed, note: note ? typed.note : '' })
    if ('label' in spec) expect(body.source).toMatchObject({ path: spec.path, label: spec.label })
  })
}

test.describe('submitting before hydration', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] })

  for (const spec of FORMS) {
    test(`${spec.path}: the native post puts nothing typed in any URL`, async ({ page }) => {
      const urls: string[] = []
      page.on('request', (request) => urls.push(request.url()))
      page.on('framenavigated', (frame) => urls.push(frame.url()))
      const release = await holdAppScript(page)
      await page.goto(spec.path, { waitUntil: 'commit' })
      const form = spec.form(page)
      await typeBeforeHydration(form, 'locations' in spec ? spec.locations : '11-50', 'note' in spec)

      const posted = page.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/functions/v1/leads',
      )
      await form.getByRole('button', { name: /Get My Free Consultation|Claim My|Book|Submit/ }).click()
      const request = await posted
      expect(request.headers()['content-type']).toBe('application/x-www-form-urlencoded')
      expect(new URLSearchParams(request.postData() ?? '').get('name')).toBe(typed.name)
      release()
      // Wherever the post leads (the stand-in's 303 to /thanks, or back with ?lead=error), it leaves the form's page.
      await page.waitForURL((url) => url.pathname !== spec.path, { waitUntil: 'commit' })

      const secrets = Object.values(typed).flatMap((value) => [value, encodeURIComponent(value), value.replaceAll(' ', '+')])
      for (const url of urls) for (const secret of secrets) expect(decodeURIComponent(url), url).not.toContain(secret)
      expect(urls.some((url) => url.includes('Quinn') || url.includes('0499123456'))).toBe(false)
    })
  }
})
