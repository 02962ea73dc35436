import type { BrowserContext, Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { expectAxeClean } from './axe-helper'
import { fillLeadForm, leadRequests } from './lead-helpers'

type Signals = Record<'ad_storage' | 'analytics_storage' | 'ad_user_data' | 'ad_personalization', 'granted' | 'denied'>
const all = (state: 'granted' | 'denied'): Signals => ({
  ad_storage: state,
  analytics_storage: state,
  ad_user_data: state,
  ad_personalization: state,
})

/** The Consent Mode commands the page pushed onto dataLayer, in order, as plain arrays. */
const consentCommands = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter((command) => command[0] === 'consent'),
  )

const trackingCookies = async (context: BrowserContext) => (await context.cookies()).filter((c) => /^(_ga|_gid|_gcl_)/.test(c.name))

/** Waits until the hydrated page has been idle, when the banner would have loaded. */
const afterIdle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 3_000 }), { timeout: 3_000 }),
      ),
  )

const banner = (page: Page) => page.getByRole('dialog', { name: 'Your cookies, your call' })
const preferences = (page: Page) => page.getByRole('dialog', { name: 'Cookie settings' })

test.describe('a visitor whose time zone is Europe/Berlin', () => {
  test.use({ timezoneId: 'Europe/Berlin' })

  test('is asked before anything is granted; Reject all keeps every signal denied, and the banner stays away', async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, '/')
    const commands = await consentCommands(page)
    expect(commands[0]).toEqual(['consent', 'default', { ...all('denied'), region: expect.any(Array), wait_for_update: 500 }])
    const regions = (commands[0]![2] as { region: string[] }).region
    expect(regions).toEqual(expect.arrayContaining(['DE', 'FR', 'IE', 'NO', 'IS', 'LI', 'GB', 'CH']))
    expect(regions).toHaveLength(32)
    expect(commands[1]).toEqual(['consent', 'default', all('granted')])

    await expect(banner(page)).toBeVisible()
    expect(await trackingCookies(context)).toEqual([])
    expect((await context.cookies()).map((c) => c.name)).not.toContain('cc_cookie')
    await expect(banner(page).getByRole('link', { name: 'our cookie policy' })).toHaveAttribute('href', '/cookies')

    await banner(page).getByRole('button', { name: 'Reject all' }).click()
    await expect(banner(page)).toBeHidden()
    expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', all('denied')])
    const choice = (await context.cookies()).find((c) => c.name === 'cc_cookie')
    const days = ((choice?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(181)
    expect(days).toBeLessThanOrEqual(182)
    expect(await trackingCookies(context)).toEqual([])

    await gotoHydrated(page, '/vet')
    await afterIdle(page)
    await expect(banner(page)).toHaveCount(0)
    // The stored choice is applied by the bootstrap itself, right after the defaults.
    expect((await consentCommands(page)).slice(2)).toEqual([['consent', 'update', all('denied')]])
  })

  test('Accept all sends the update with all four signals granted', async ({ page }) => {
    await gotoHydrated(page, '/vet')
    await banner(page).getByRole('button', { name: 'Accept all' }).click()
    await expect(banner(page)).toBeHidden()
    expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', all('granted')])
  })

  test('the banner and the preferences are axe clean and work from the keyboard alone', async ({ page }) => {
    await gotoHydrated(page, '/')
    await expect(banner(page)).toBeVisible()
    // It is a dialog: focus moves into it, so a screen reader announces it, and Tab stays inside.
    await expect.poll(() => banner(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await expectAxeClean(page, 'consent banner')
    const buttons = ['Accept all', 'Reject all', 'Choose cookies']
    for (
      let i = 0;
      i < 6 &&
      !(await banner(page)
        .getByRole('button', { name: 'Choose cookies' })
        .evaluate((el) => el === document.activeElement));
      i++
    )
      await page.keyboard.press('Tab')
    for (const name of buttons) await expect(banner(page).getByRole('button', { name })).toBeVisible()
    await page.keyboard.press('Enter')

    await expect(preferences(page)).toBeVisible()
    await expectAxeClean(page, 'cookie preferences')
    const analytics = preferences(page).getByRole('checkbox', { name: 'Analytics' })
    await expect(preferences(page).getByRole('checkbox', { name: /Strictly necessary/ })).toBeDisabled()
    await expect(analytics).not.toBeChecked()
    await analytics.focus()
    await page.keyboard.press('Space')
    await expect(analytics).toBeChecked()
    await preferences(page).getByRole('button', { name: 'Save my choice' }).press('Enter')
    await expect(preferences(page)).toBeHidden()
    expect((await consentCommands(page)).at(-1)).toEqual(['consent', 'update', { ...all('denied'), analytics_storage: 'granted' }])
  })

  test('at 390 px the banner leaves the lead form usable: its submit button can be clicked', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await gotoHydrated(page, '/vet')
    await expect(banner(page)).toBeVisible()
    await fillLeadForm(page, '45 Oak Avenue, Austin TX, USA', '2-5')
    const submit = page.getByRole('button', { name: 'Get My Free Consultation' })
    // Scrolled as far down as it can go (what keyboard focus does), it still sits above the bar.
    await submit.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }))
    const onTop = await submit.evaluate((el) => {
      const box = el.getBoundingClientRect()
      return el.contains(document.elementFromPoint(box.left + box.width / 2, box.bottom - 2))
    })
    expect(onTop).toBe(true)
    await submit.click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
    expect(await leadRequests(page)).toHaveLength(1)
  })
})

test.describe('a visitor whose time zone is Australia/Sydney', () => {
  test.use({ timezoneId: 'Australia/Sydney' })

  test('sees no banner, and the footer opens the cookie preferences', async ({ page }) => {
    await gotoHydrated(page, '/terms')
    await afterIdle(page)
    await expect(banner(page)).toHaveCount(0)
    const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })
    await settings.click()
    await expect(preferences(page)).toBeVisible()
    await expect.poll(() => preferences(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(preferences(page)).toBeHidden()
    await expect(settings).toBeFocused()
  })

  test('every page has Cookie settings in its footer', async ({ page }) => {
    for (const path of ['/', '/vet', '/schedule', '/enterprise', '/blog/get-more-customer-reviews', '/cookies']) {
      await gotoHydrated(page, path)
      await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeVisible()
    }
  })
})
