import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { fillLeadForm, leadRequests } from './lead-helpers'
import { fillContact, registrationRequests } from './enterprise-helpers'

// The bot check (Cloudflare Turnstile; offline, its same-origin stand-in): it loads on the first
// touch of a form, never with the page, and a lead never depends on it.
const WIDGET = '/turnstile-stand-in.js'
const TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'

function widgetRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === WIDGET) seen.push(request.url())
  })
  return seen
}

test('the widget script is not requested with the page, and is requested once the lead form is first touched', async ({ page }) => {
  const seen = widgetRequests(page)
  await gotoHydrated(page, '/')
  await page.waitForLoadState('networkidle')
  expect(seen, 'widget requested on page load').toEqual([])
  await page.getByLabel('Full name').first().focus()
  await expect.poll(() => seen.length).toBe(1)
})

test('a lead posts with the widget token', async ({ page }) => {
  await gotoHydrated(page, '/?mock=off')
  await fillLeadForm(page)
  await page.getByRole('button', { name: 'Get My Free Consultation' }).first().click()
  await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
  const [lead] = await leadRequests(page)
  expect(lead?.body).toMatchObject({ turnstileToken: TOKEN, guard: { honeypot: '', fillMs: 0 } })
})

test.describe('when a privacy extension blocks the widget', () => {
  test.use({ allowedConsoleErrors: [/turnstile|ERR_FAILED|ERR_BLOCKED/i] })

  test('the lead still goes through, without a token', async ({ page, context }) => {
    // On the context: the mock service worker fetches the page's same-origin scripts, out of page.route's reach.
    const blocked: string[] = []
    await context.route(`**${WIDGET}`, (route) => {
      blocked.push(route.request().url())
      return route.abort('blockedbyclient')
    })
    await gotoHydrated(page, '/?mock=off')
    await fillLeadForm(page)
    await page.getByRole('button', { name: 'Get My Free Consultation' }).first().click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
    const [lead] = await leadRequests(page)
    expect(blocked.length, 'the widget script was asked for and blocked').toBeGreaterThan(0)
    expect(lead?.body).not.toHaveProperty('turnstileToken')
    expect(lead?.body).toMatchObject({ lead: { name: 'Sam Carter' } })
  })

  test('the offline scenario (?mock=turnstile-blocked) does the same', async ({ page }) => {
    await gotoHydrated(page, '/?mock=turnstile-blocked')
    await fillLeadForm(page)
    await page.getByRole('button', { name: 'Get My Free Consultation' }).first().click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
    const [lead] = await leadRequests(page)
    expect(lead?.body).not.toHaveProperty('turnstileToken')
    await page.goto('/?mock=off')
  })
})

test.describe('when the check is refused for want of a valid token', () => {
  test.use({ allowedConsoleErrors: [/status of 403/] })

  test('/check says so and gives the phone', async ({ page }) => {
    await gotoHydrated(page, '/check?mock=turnstile-failed')
    const box = page.getByRole('combobox', { name: 'Your business' })
    await box.fill('harbourside')
    await page.getByRole('listbox', { name: 'Your business suggestions' }).getByRole('option').first().click()
    await page.getByRole('button', { name: 'Check my reviews' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'could not confirm' })
    await expect(alert).toHaveText(
      'We could not confirm that this check came from a person, so it did not run. Please try again, or call us and we will run it for you.',
    )
    await expect(page.getByRole('link', { name: '1300 555 019' }).first()).toHaveAttribute('href', 'tel:1300555019')
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
    await page.goto('/check?mock=off')
  })
})

test('the enterprise registration sends the widget token', async ({ page }) => {
  await gotoHydrated(page, '/enterprise?mock=off')
  await fillContact(page)
  await page.getByRole('button', { name: 'Next Step' }).click()
  await page.getByRole('radio', { name: /Growth Package/ }).check()
  await page.getByRole('button', { name: 'Confirm Package' }).click()
  await expect(page.getByRole('heading', { name: 'Your Registration Is Confirmed' })).toBeVisible()
  const [registration] = await registrationRequests(page)
  expect(registration?.body).toMatchObject({ turnstileToken: TOKEN, selected_plan: 'growth' })
})
