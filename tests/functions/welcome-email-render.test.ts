import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumExecutable } from '../../scripts/chromium.mjs'
import { welcomeEmail } from '../../supabase/functions/_shared/enterprise/welcome-email.ts'
import { WELCOME_SENT_AT, welcomeExampleSettings, welcomeRegistration } from '../support/welcome-example'

// The welcome e-mail's HTML in Chromium's engine, at a phone's width and a desktop's: nothing runs
// off the side, and what the customer needs is on screen. WELCOME_SCREENSHOTS=1 writes the
// screenshots docs/staff-messages.md shows.
const SCREENSHOTS = process.env.WELCOME_SCREENSHOTS === '1'
const LOGO = readFileSync(new URL('../../public/images/og/logo.png', import.meta.url))
const { text, html } = welcomeEmail(
  welcomeRegistration({ name: 'Jane Doe', companyName: 'Acme Pty Ltd' }),
  welcomeExampleSettings(),
  WELCOME_SENT_AT,
)

let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumExecutable, args: CHROMIUM_ARGS })
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

describe('the welcome e-mail in a browser engine', () => {
  it.each([390, 1280])('fits %i px without scrolling sideways and shows the key texts', async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    // The logo's absolute https URL, answered offline from the site's own file.
    await page.route('https://www.reviewlift.com.au/images/og/logo.png', (route) => route.fulfill({ contentType: 'image/png', body: LOGO }))
    await page.setContent(html, { waitUntil: 'load' })
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }))
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    for (const key of [
      'US$35,400',
      '24 December 2026 to 23 December 2027',
      '11 December 2026',
      '6A1B2C3D',
      'Paying it activates your account.',
    ])
      await expect.poll(() => page.getByText(key).first().isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: '02 8000 1234' }).getAttribute('href')).toBe('tel:+61280001234')
    expect(await page.getByRole('img', { name: 'ReviewLift Pty Ltd' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(720)
    const shot = await page.screenshot({ fullPage: true, ...(SCREENSHOTS ? { path: `docs/staff-messages/welcome-${width}.png` } : {}) })
    expect(shot.length).toBeGreaterThan(10_000)
    await page.close()
  })

  it('has its text part shown as the example in docs/staff-messages.md', () => {
    expect(readFileSync(new URL('../../docs/staff-messages.md', import.meta.url), 'utf8')).toContain(text)
  })
})
