import type { Locator, Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { fillContact, registrationRequests } from './enterprise-helpers'

// Issue 29, 'Numbers and copy people have to hunt for', each acted out as the visitor did.

test("the enterprise phone typed as the lead forms teach, '0422 470 721', registers as +61422470721", async ({ page }) => {
  await gotoHydrated(page, '/enterprise')
  await fillContact(page)
  await page.getByLabel('Phone number').fill('0422 470 721')
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Choose Your Plan' })).toBeFocused()
  await page.getByRole('radio', { name: /Starter Enterprise/ }).check()
  await page.getByRole('button', { name: 'Confirm Package' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Your Registration Is Confirmed' })).toBeFocused()
  const requests = await registrationRequests(page)
  expect(requests.map((r) => r.body.phone)).toEqual(['+61422470721'])
})

test('the plan cards show the total for the chosen cycle, Biannually says how often, and step 3 repeats what was chosen', async ({
  page,
}) => {
  await gotoHydrated(page, '/enterprise')
  await fillContact(page)
  await page.getByRole('button', { name: 'Next Step' }).click()
  const starter = page.getByRole('radio', { name: /Starter Enterprise/ })
  const growth = page.getByRole('radio', { name: /Growth Package/ })
  await expect(starter).toHaveAccessibleName(/US\$1,660\/month\s+US\$19,920 billed every year/)
  await expect(growth).toHaveAccessibleName(/US\$2,950\/month\s+US\$35,400 billed every year/)

  const biannually = page.getByRole('radio', { name: 'Biannually' })
  await expect(biannually).toHaveAccessibleName('Biannually billed every 6 months')
  await expect(page.getByText('billed every 6 months', { exact: true })).toBeVisible()
  await biannually.check()
  await expect(starter).toHaveAccessibleName(/US\$1,845\/month\s+US\$11,070 billed every 6 months/)
  await expect(page.getByText('US$11,070 billed every 6 months')).toBeVisible()
  await expect(page.getByText('US$20,820 billed every 6 months')).toBeVisible()

  await growth.check()
  await page.getByRole('button', { name: 'Confirm Package' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Your Registration Is Confirmed' })).toBeFocused()
  const chosen = page.getByRole('heading', { level: 3, name: 'Your package' }).locator('xpath=..').getByRole('definition')
  await expect(chosen).toHaveText(['Growth Package', 'Biannually (billed every 6 months)', 'US$20,820 billed every 6 months'])
  await expect(page.getByRole('term')).toHaveText(['Plan', 'Billing cycle', 'Total'])
})

test('the /check booking dialog promises what follows: details first, then Congrats, then a time in the calendar', async ({ page }) => {
  await gotoHydrated(page, '/check?place=mock-vet-harbourside&radius=5')
  await page.getByRole('button', { name: 'Book a call to close the gap' }).click()
  const dialog = page.getByRole('dialog', { name: 'Book Your Strategy Call' })
  await expect(dialog).toHaveAccessibleDescription(/^Leave your details; once we have them, you can pick a time in our calendar\./)
  await expect(dialog).not.toContainText(/next page/i)

  await dialog.getByLabel('Number of locations').selectOption('1')
  await dialog.getByLabel('Full name').fill('Riley Vet')
  await dialog.getByLabel('Phone').fill('0422 470 721')
  await dialog.getByLabel('Email').fill('riley@harbourside.example')
  await dialog.getByRole('button', { name: 'Book My Strategy Call' }).click()
  const congrats = page.getByRole('dialog', { name: 'Congrats!' })
  await expect(congrats).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/check')
  await congrats.getByRole('button', { name: 'Schedule Your Call' }).click()
  await expect(page).toHaveURL(/\/schedule$/)
  await expect(page.getByRole('listitem').filter({ hasText: 'Schedule in progress' })).toBeVisible()
})

test.describe('the template reply, when the model is down, answers what the review says', () => {
  const editor = (page: Page) => page.getByRole('textbox', { name: 'Your reply (you can edit it)' })

  async function draft(page: Page, review: string, stars: string, firstName: string) {
    await page.getByLabel('The review').fill(review)
    await page.getByRole('radio', { name: stars, exact: true }).check()
    await page.getByLabel("Reviewer's first name (optional)").fill(firstName)
    await page.getByLabel('Your business name').fill('Paws Salon')
    await page.getByRole('button', { name: /Draft my reply|Regenerate/ }).click()
  }

  test('a 5-star review from Bella is thanked by name, without filler; a 1-star about rudeness gets no answer about waiting', async ({
    page,
  }) => {
    await gotoHydrated(page, '/reply?mock=reply-down')
    await draft(page, 'Absolutely wonderful from start to finish, will definitely be back!', '5 stars', 'Bella')
    await expect(editor(page)).toHaveValue(/^Hi Bella, thank you so much for your kind words!/)
    await expect(editor(page)).not.toHaveValue(/your experience|mentioned/)
    await expect(page.getByText('Template reply', { exact: true })).toBeVisible()

    await gotoHydrated(page, '/reply?mock=reply-down')
    await draft(page, 'The groomer was so rude to me at pick-up and would not listen. Never again.', '1 star', '')
    await expect(editor(page)).toHaveValue(/our team's attitude/)
    await expect(editor(page)).not.toHaveValue(/wait/i)
  })
})

// Issue 38 point 4: on an Australian site a bare '$' reads as Australian dollars. Every price says
// US$ (one pattern, read aloud as US dollars), in the text, the accessible names and the head tags.
const BARE_DOLLAR = /(?<!US)\$\s?\d/
async function expectEveryPriceInUsd(scope: Locator, where: string, least = 1) {
  const text = await scope.innerText()
  expect(text, `${where}: a price without US`).not.toMatch(BARE_DOLLAR)
  expect(text.match(/US\$\d[\d,]*/g)?.length ?? 0, `${where}: prices in US$`).toBeGreaterThanOrEqual(least)
}

test('every price reads US dollars: the partner offers, their head tags, the plan cards, the dialog and step 3', async ({ page }) => {
  await gotoHydrated(page, '/')
  await expectEveryPriceInUsd(page.locator('body'), '/', 0)

  for (const path of ['/qrb', '/konversable']) {
    await gotoHydrated(page, path)
    await expectEveryPriceInUsd(page.locator('body'), path, 5)
    await expect(page.getByRole('button', { name: 'Claim My US$390 Offer' })).toBeVisible()
    await expect(page.getByText('You save US$210 per month')).toBeVisible()
    const description = await page.locator('meta[name="description"]').getAttribute('content')
    expect(description).toContain('US$390 per month instead of US$600, saving US$210')
    expect(await page.locator('meta[property="og:image:alt"]').getAttribute('content')).toContain('US$390')
  }

  await gotoHydrated(page, '/enterprise')
  await fillContact(page)
  await page.getByRole('button', { name: 'Next Step' }).click()
  const step = page.getByRole('form', { name: 'Choose Your Plan' })
  await expectEveryPriceInUsd(step, 'plan cards', 4)
  await expect(page.getByRole('radio', { name: /Starter Enterprise/ })).toHaveAccessibleName(
    /US\$1,660\/month\s+US\$19,920 billed every year/,
  )
  await page.getByRole('button', { name: '+6 more features of Starter Enterprise' }).click()
  const dialog = page.getByRole('dialog')
  await expectEveryPriceInUsd(dialog, 'plan dialog', 2)
  await expect(dialog).toContainText('Total: US$19,920 per year')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('radio', { name: /Starter Enterprise/ }).check()
  await page.getByRole('button', { name: 'Confirm Package' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Your Registration Is Confirmed' })).toBeFocused()
  await expectEveryPriceInUsd(page.getByRole('main'), 'step 3', 1)
  await expect(page.getByRole('definition').last()).toHaveText('US$19,920 billed every year')
})
