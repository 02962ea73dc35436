import { expect, gotoHydrated, test } from './fixtures'
import { expectWaysToReachUs } from './contact-helpers'

test('the schedule page shows the progress bar and opens the calendar by itself after a second', async ({ page }) => {
  await gotoHydrated(page, '/schedule')
  const progress = page.getByRole('list', { name: 'Your progress' })
  await expect(progress.getByRole('listitem')).toHaveText([/Application complete/, /Schedule in progress/, /Strategy coming up/])
  await expect(progress.locator('[aria-current="step"]')).toContainText('Schedule in progress')
  const trigger = page.getByRole('button', { name: 'Schedule Your Call' })
  await expect(trigger).toHaveAttribute('data-cal-namespace', '30min')
  await expect(trigger).toHaveAttribute('data-cal-config', '{"layout":"week_view"}')
  await expect(page.getByRole('region', { name: /Calendar \(offline stand-in\), week view/ })).toBeVisible({ timeout: 3_000 })
})

test('when the calendar cannot load, the page shows the phone to call and book', async ({ page }) => {
  await gotoHydrated(page, '/schedule?mock=calendar-down')
  const status = page.getByRole('status').filter({ hasText: 'The booking calendar could not load.' })
  await expect(status).toContainText(
    'Call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example to book your call.',
  )
  await expectWaysToReachUs(status)
  await expect(page.getByRole('button', { name: 'Schedule Your Call' })).toHaveCount(0)
})
