import type { Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { expectAxeClean } from './axe-helper'
import { fillLeadForm, scheduleCalendarConfig } from './lead-helpers'

/** Focus is on the booking's confirmation, wholly below the sticky header and inside the window. */
async function expectConfirmationInView(page: Page) {
  const heading = page.getByRole('heading', { level: 2, name: 'Your call is booked' })
  await expect(heading).toBeFocused()
  await expect
    .poll(() =>
      heading.evaluate((el) => {
        const box = el.getBoundingClientRect()
        const header = document.querySelector('header.sticky')!.getBoundingClientRect()
        return box.top >= header.bottom && box.bottom <= window.innerHeight
      }),
    )
    .toBe(true)
}

// The person's name, e-mail and phone (the business address is searched through the places function by design).
const personal = ['Sam', 'Carter', 'sam@carter', '0422470721', '422470721']

test('a lead sent from / arrives on /schedule prefilled, with no personal data in any URL, and books a call', async ({ page }) => {
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  page.on('framenavigated', (frame) => urls.push(frame.url()))

  await gotoHydrated(page, '/')
  await fillLeadForm(page)
  await page.getByRole('button', { name: 'Get My Free Consultation' }).click()
  const config = await scheduleCalendarConfig(page)
  expect(config).toMatchObject({
    layout: 'week_view',
    name: 'Sam Carter',
    email: 'sam@carter.example',
    notes: expect.stringContaining('45 Oak Avenue, Austin TX, USA'),
    'metadata[submissionId]': expect.stringMatching(/^[0-9a-f-]{36}$/),
    // The offline stand-in answers as the leads function does: the reference with its signature.
    'metadata[submissionSig]': expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  })

  const progress = page.getByRole('list', { name: 'Your progress' })
  await expect(progress.locator('[aria-current="step"]')).toContainText('Schedule in progress')
  const calendar = page.getByRole('region', { name: /Calendar \(offline stand-in\), week view/ })
  await calendar.getByRole('button', { name: 'Tue 10:30am' }).click()
  await calendar.getByRole('button', { name: 'Book this time' }).click()

  await expect(progress.locator('[aria-current="step"]')).toContainText('Strategy coming up')
  await expect(progress.locator('[aria-current="step"]')).toHaveCount(1)
  await expect(progress.getByRole('listitem').nth(1)).toHaveText(/^✓Call booked \(done\)$/)
  await expect(progress).not.toContainText('in progress')
  const status = page.getByRole('status').filter({ hasText: 'Your call is booked' })
  await expect(status).toHaveAttribute('aria-live', 'polite')
  await expect(status).toContainText(/^.*Tue \d{1,2} \w+ \d{4}, 10:30 am .+ \(your time\)/)
  await expect(status).toContainText("We've sent the details to sam@carter.example.")
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're All Set")
  await expect(page.getByRole('main')).not.toContainText(/Pick a time|Choose a time/)
  await expect(calendar).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Schedule Your Call' })).toHaveCount(0)
  await expectConfirmationInView(page)
  await expectAxeClean(page, '/schedule with the call booked')
  expect(await page.evaluate(() => (window as unknown as { __analyticsEvents: { name: string }[] }).__analyticsEvents.at(-1))).toEqual({
    name: 'book_call',
  })

  for (const url of urls) for (const value of personal) expect(decodeURIComponent(url), url).not.toContain(value)
})

test("after a native post, /thanks hands the lead's signed reference from the fragment to the calendar and drops it from the address bar", async ({
  page,
}) => {
  const ref = '0b7f3c1e-8a51-4a43-9a0e-3f0c7a1f2b9d'
  const sig = 'c2lnbmF0dXJlLW9mLXRoZS1yZWZlcmVuY2UtYXMtaXM'
  await gotoHydrated(page, `/thanks#booking=${ref}.${sig}`)
  await expect(page).toHaveURL(/\/thanks$/)
  await page.getByRole('link', { name: 'Schedule Your Call' }).click()
  await expect(page).toHaveURL(/\/schedule$/)
  const trigger = page.getByRole('button', { name: 'Schedule Your Call' })
  await expect(trigger).toHaveAttribute('data-cal-config', /week_view/)
  expect(JSON.parse((await trigger.getAttribute('data-cal-config')) ?? '{}')).toEqual({
    layout: 'week_view',
    'metadata[submissionId]': ref,
    'metadata[submissionSig]': sig,
  })
  await expect(page.getByRole('main')).not.toContainText("We've sent the details to .")
})

test('/schedule opened directly has no prefill, and greets without thanking for details never sent', async ({ page }) => {
  await gotoHydrated(page, '/schedule')
  await expect(page.getByRole('button', { name: 'Schedule Your Call' })).toHaveAttribute('data-cal-config', '{"layout":"week_view"}')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're One Step Away")
  await expect(page.getByRole('main')).toContainText('Welcome. Pick a time that suits you')
  await expect(page.getByRole('main')).not.toContainText(/thanks|thank you/i)
})

test('on a phone, booking with the calendar scrolled into view lands focus on the confirmation below the sticky header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, '/schedule')
  const calendar = page.getByRole('region', { name: /Calendar \(offline stand-in\), week view/ })
  const book = calendar.getByRole('button', { name: 'Book this time' })
  await calendar.getByRole('button', { name: 'Wed 1:00pm' }).click()
  await book.scrollIntoViewIfNeeded()
  await book.click()
  await expect(calendar).toHaveCount(0)
  await expectConfirmationInView(page)
  await expect(page.getByRole('list', { name: 'Your progress' })).not.toContainText('in progress')
})
