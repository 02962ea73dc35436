import type { Locator, Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { expectWaysToReachUs } from './contact-helpers'
import { addressBox, fillLeadForm, leadRequests } from './lead-helpers'

// No visitor turned away. Phones as people type them, a way forward under every failed
// lead, and feedback while the address is searched.

const PHONE_INVALID = 'Please enter a phone number of 6 to 15 digits, for example 0422 470 721'
const homeSubmit = { name: 'Get My Free Consultation' }

test.describe('the phone as people type it', () => {
  test('autofill writes +61 422 470 721: the home form sends it, as digits', async ({ page }) => {
    await gotoHydrated(page, '/')
    await fillLeadForm(page)
    // Autofill sets the whole value at once, in its international form.
    await page.getByLabel('Phone').fill('+61 422 470 721')
    await page.getByRole('button', homeSubmit).click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
    const [sent] = await leadRequests(page)
    expect(sent?.body).toMatchObject({ lead: { phone: '+61422470721', name: 'Sam Carter' } })
  })

  test('/vet: typed with spaces and brackets, the lead goes through with the digits', async ({ page }) => {
    await gotoHydrated(page, '/vet')
    await fillLeadForm(page, '5 Bark Street, Perth WA', '6-15')
    await page.getByLabel('Phone').clear()
    await page.getByLabel('Phone').pressSequentially('(04) 2247 0721')
    await expect(page.getByLabel('Phone')).toHaveJSProperty('validity.valid', true)
    await page.getByRole('button', homeSubmit).click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
    const [sent] = await leadRequests(page)
    expect(sent?.body).toMatchObject({ lead: { phone: '0422470721' }, source: { path: '/vet' } })
  })

  test('too few digits: a message at the field, focus there, nothing sent', async ({ page }) => {
    await gotoHydrated(page, '/')
    await fillLeadForm(page)
    await page.getByLabel('Phone').fill('0422 4')
    await page.getByRole('button', homeSubmit).click()
    await expect(page.getByRole('alert').filter({ hasText: PHONE_INVALID })).toBeVisible()
    await expect(page.getByLabel('Phone')).toBeFocused()
    await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true')
    expect(await leadRequests(page)).toHaveLength(0)
    await page.getByLabel('Phone').pressSequentially('70721')
    await expect(page.getByText(PHONE_INVALID)).toBeHidden()
  })
})

test('a blank address moves focus to the address field', async ({ page }) => {
  await gotoHydrated(page, '/')
  await fillLeadForm(page, '   ')
  await page.getByRole('button', homeSubmit).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your business address' })).toBeVisible()
  await expect(addressBox(page)).toBeFocused()
})

test('under ?mock=slow the address suggestions say Searching… until they arrive', async ({ page }) => {
  await gotoHydrated(page, '/?mock=slow')
  await addressBox(page).pressSequentially('harbour')
  const searching = page.getByRole('status').filter({ hasText: 'Searching…' })
  await expect(searching).toBeVisible()
  await expect(page.getByRole('listbox', { name: /Business address suggestions/ }).getByRole('option')).toHaveCount(1, { timeout: 5_000 })
  await expect(searching).toHaveCount(0)
})

// Both scenarios answer with Retry-After 600 s. Issue 29 point 7: the second sentence agrees with the
// first, and the wait appears once, in words.
const failures = {
  'lead-error': {
    status: /status of 503 \(Service Unavailable\)/,
    first: 'An error occurred. Please try again.',
    second:
      'If it fails again, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example, or try again in 10 minutes.',
  },
  'lead-limited': {
    status: /status of 429 \(Too Many Requests\)/,
    first: 'Too many submissions from your connection. Please wait 10 minutes and try again.',
    second:
      'If you would rather not wait, call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.',
  },
} as const

for (const [scenario, failure] of Object.entries(failures))
  test.describe(`${scenario}: a failed lead offers the wait in words and the phone, on every lead form`, () => {
    test.use({ allowedConsoleErrors: [failure.status] })

    async function expectWayForward(scope: Page | Locator) {
      const alert = scope.getByRole('alert').filter({ hasText: failure.first })
      await expect(alert).toBeVisible()
      await expect(alert).toContainText(failure.second)
      await expect(alert).not.toContainText('a few minutes')
      await expectWaysToReachUs(alert)
    }

    for (const [path, submit, locations] of [
      ['/', 'Get My Free Consultation', '11-50'],
      ['/vet', 'Get My Free Consultation', '6-15'],
      ['/qrb', 'Claim My US$390 Offer', '11-50'],
      ['/konversable', 'Claim My US$390 Offer', '11-50'],
      ['/blog/get-more-customer-reviews', 'Get My Free Consultation', '11-50'],
    ] as const) {
      test(`${path}`, async ({ page }) => {
        await gotoHydrated(page, `${path}?mock=${scenario}`)
        await fillLeadForm(page, '45 Oak Avenue, Austin TX, USA', locations)
        await page.getByLabel('Phone').fill('+61 422 470 721')
        await page.getByRole('button', { name: submit }).click()
        await expectWayForward(page)
      })
    }

    test('/x18: the Book a call dialog', async ({ page }) => {
      await gotoHydrated(page, `/x18?mock=${scenario}`)
      await page.getByRole('button', { name: 'Book a call' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Number of locations').selectOption('2-10')
      await dialog.getByLabel('Full name').fill('Mia Chen')
      await dialog.getByLabel('Phone').fill('+61 422 470 721')
      await dialog.getByLabel('Email').fill('mia@chenstudio.example')
      await dialog.getByRole('combobox', { name: 'Business address' }).fill('78 Harbour Street, Sydney')
      await dialog.getByRole('button', { name: 'Book My Strategy Call' }).click()
      await expectWayForward(dialog)
    })

    test('/check: the booking from a result, prefilled with the business name and address', async ({ page }) => {
      await gotoHydrated(page, `/check?place=mock-vet-harbourside&radius=5&mock=${scenario}`)
      await page.getByRole('button', { name: 'Book a call to close the gap' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('combobox', { name: 'Business address' })).toHaveValue(
        'Harbourside Veterinary Clinic, 221 King Street, Newtown NSW 2042, Australia',
      )
      await dialog.getByLabel('Number of locations').selectOption('1')
      await dialog.getByLabel('Full name').fill('Riley Vet')
      await dialog.getByLabel('Phone').fill('+61 422 470 721')
      await dialog.getByLabel('Email').fill('riley@harbourside.example')
      await dialog.locator('button[type="submit"]').click()
      await expectWayForward(dialog)
    })
  })

test('/check at 390 px: Book a call to close the gap is right under the numbers', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, '/check?place=mock-vet-harbourside&radius=5')
  const headline = page.getByRole('heading', { level: 2, name: '4.6 stars, 212 reviews, #3 of 10 vets within 5 km' })
  await expect(headline).toBeVisible()
  await expect(page.getByText('212 new 5-star reviews would lift you to 4.8 stars.')).toBeVisible()
  const top = (await headline.boundingBox())!
  const cta = (await page.getByRole('button', { name: 'Book a call to close the gap' }).boundingBox())!
  // Within the first screen under the headline (it sat about 1,500 px below it).
  expect(cta.y - (top.y + top.height)).toBeLessThan(400)
  const table = (await page.getByRole('table').boundingBox())!
  expect(cta.y).toBeLessThan(table.y)
})

test('/schedule with the calendar down: the phone number to call, readable at 390 and 1280 px, never back to /schedule', async ({
  page,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 })
    await gotoHydrated(page, '/schedule?mock=calendar-down')
    await expectWaysToReachUs(page.getByRole('main').getByRole('status'))
    // The mock build has no VITE_CAL_ORIGIN/VITE_CAL_LINK: no booking page to offer, and no link back here.
    await expect(page.getByRole('link', { name: 'pick a time on our booking page' })).toHaveCount(0)
    await expect(page.getByRole('main').locator('a[href$="/schedule"]')).toHaveCount(0)
  }
})

test('every phone link dials the 1300 number as Australians do or its +61 form, and the JSON-LD telephone follows', async ({ page }) => {
  await gotoHydrated(page, '/')
  const hrefs = await page.locator('a[href^="tel:"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  // The header banner, the header and the footer at least.
  expect(hrefs.length).toBeGreaterThanOrEqual(3)
  expect(new Set(hrefs)).toEqual(new Set(['tel:1300555019', 'tel:+61255504019']))
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
  expect(jsonLd).toContain('"telephone":"1300555019"')
})

// Issue 38 point 7: the footer, on every page, offers the phone, its +61 form and an e-mail link,
// before the script runs and without it.
test('the footer offers the phone, its form for callers outside Australia, and an e-mail, without script too', async ({ browser }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const plain = await noScript.newPage()
  for (const path of ['/', '/enterprise', '/news']) {
    await plain.goto(path)
    const footer = plain.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: /^Phone: ?1300 555 019$/ })).toHaveAttribute('href', 'tel:1300555019')
    const abroad = footer.getByRole('link', { name: /^Phone: ?\+61 2 5550 4019$/ })
    await expect(abroad).toHaveAttribute('href', 'tel:+61255504019')
    await expect(abroad.locator('xpath=..')).toContainText('+61 2 5550 4019 from outside Australia')
    await expect(footer.getByRole('link', { name: /^Email: ?hello@reviewlift\.example$/ })).toHaveAttribute(
      'href',
      'mailto:hello@reviewlift.example',
    )
  }
  await noScript.close()
})
