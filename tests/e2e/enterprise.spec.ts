import { expect, gotoHydrated, test } from './fixtures'
import { expectWaysToReachUs } from './contact-helpers'
import {
  addressBox,
  expectContactKept,
  expectNoAxeViolations,
  fillContact,
  registrationRequests,
  hasSupabaseChunk,
  tabTo,
} from './enterprise-helpers'

const heading = (name: string) => ({ level: 2, name })

test('a visitor registers with the keyboard only; no supabase-js, the widget token sent; the body is normalised', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await gotoHydrated(page, '/enterprise')
  await expect(page.getByText('Step 1 of 2')).toBeVisible()

  await tabTo(page, page.getByLabel('Full name'))
  await page.keyboard.type('Jane Doe')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Phone number')).toBeFocused()
  await page.keyboard.type('+61 422 470 721')
  await page.keyboard.press('Tab')
  await page.keyboard.type(' Jane@Example.COM ')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Acme & Co.')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Number of seats')).toBeFocused()
  await page.keyboard.type('11')
  await expect(page.getByLabel('Number of seats')).toHaveValue('11-50')
  await page.keyboard.press('Tab')
  await expect(addressBox(page)).toBeFocused()
  await page.keyboard.type('harbour')
  const listbox = page.getByRole('listbox', { name: 'Full business address suggestions' })
  await expect(listbox.getByRole('option')).toHaveCount(1)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(addressBox(page)).toHaveValue('78 Harbour Street, Sydney NSW, Australia')
  await expect(listbox).toBeHidden()
  for (const name of ['Terms and Conditions', 'Privacy Policy', 'Cookie Policy', 'Data Processing Agreement']) {
    const checkbox = page.getByRole('checkbox', { name: new RegExp(name) })
    await tabTo(page, checkbox, 3)
    await page.keyboard.press('Space')
    await expect(checkbox).toBeChecked()
  }
  await tabTo(page, page.getByRole('button', { name: 'Next Step' }), 3)
  await page.keyboard.press('Enter')

  await expect(page.getByRole('heading', heading('Choose Your Plan'))).toBeFocused()
  await expect(page.getByText('Step 2 of 2')).toBeVisible()
  const confirm = page.getByRole('button', { name: 'Confirm Package' })
  await expect(confirm).toBeDisabled()
  await tabTo(page, page.getByRole('radio', { name: /Starter Enterprise/ }))
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: /Growth Package/ })).toBeChecked()
  await expect(confirm).toBeEnabled()
  await tabTo(page, confirm)
  await page.keyboard.press('Enter')

  await expect(page.getByRole('heading', heading('Your Registration Is Confirmed'))).toBeFocused()
  await expect(page.getByText(/invoice is generated automatically/)).toBeVisible()
  await expect(page.getByText(/activated once payment is received/)).toBeVisible()
  for (const step of ['Account setup', 'Team onboarding', 'Custom integration planning', 'Go-live support']) {
    await expect(page.getByText(step, { exact: true })).toBeVisible()
  }
  await expect(page.getByRole('link', { name: '1300 555 019' }).last()).toHaveAttribute('href', 'tel:1300555019')
  // The registration goes to the enterprise-register function with ky: supabase-js is in no chunk.
  expect(hasSupabaseChunk(), 'a supabase-js chunk in the build').toBe(false)
  expect(scripts, 'the bot check widget, loaded once step 1 was touched').toContain('/turnstile-stand-in.js')

  const requests = await registrationRequests(page)
  expect(requests.map((r) => r.body)).toEqual([
    {
      submission_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+61422470721',
      company_name: 'Acme & Co.',
      full_address: '78 Harbour Street, Sydney NSW, Australia',
      seats: '11-50',
      selected_plan: 'growth',
      billing_cycle: 'quarterly',
      legal_agreements: { terms: true, privacy: true, cookies: true, dpa: true },
      turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
      // No ad click on this visit; the consent at the moment of sending (docs/attribution.md).
      attribution: {
        platform: '',
        keyword: '',
        clickIds: {},
        clickAt: null,
        landingUrl: null,
        consent: {
          asked: false,
          source: 'not-asked',
          ad_storage: 'granted',
          ad_user_data: 'granted',
          ad_personalization: 'granted',
          analytics_storage: 'granted',
        },
      },
    },
  ])
})

test('Next Step lists every error, links each to its field, and editing clears that error', async ({ page }) => {
  await gotoHydrated(page, '/enterprise')
  await page.getByRole('button', { name: 'Next Step' }).click()
  const summary = page.getByRole('group', { name: 'Please correct the following:' })
  await expect(summary).toBeFocused()
  const messages = [
    'Full name is required',
    'Phone number is required',
    'Email is required',
    'Company name is required',
    'Please select number of seats',
    'Full business address is required',
    'You must accept the Terms and Conditions',
    'You must accept the Privacy Policy',
    'You must accept the Cookie Policy',
    'You must accept the Data Processing Agreement',
  ]
  await expect(summary.getByRole('link')).toHaveText(messages)
  await expect(page.getByRole('heading', heading('Contact Information'))).toBeVisible()

  const name = page.getByLabel('Full name')
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription('Full name is required')
  await expect(addressBox(page)).toHaveAccessibleDescription('Full business address is required')
  await expect(page.getByRole('checkbox', { name: /Cookie Policy/ })).toHaveAccessibleDescription('You must accept the Cookie Policy')

  await summary.getByRole('link', { name: 'Company name is required' }).click()
  await expect(page.getByLabel('Company name')).toBeFocused()

  await name.fill('J')
  await expect(name).not.toHaveAttribute('aria-invalid')
  await expect(summary.getByRole('link')).toHaveCount(9)
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(summary.getByRole('link').first()).toHaveText('Please enter a valid name (2-50 characters, letters only)')
  await page.getByLabel('Phone number').fill('+0422 470 721')
  await page.getByLabel('Business email').fill('jane@example')
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(summary.getByRole('link').nth(1)).toHaveText('Please enter a valid phone number (e.g., +61422470721)')
  await expect(summary.getByRole('link').nth(2)).toHaveText('Please enter a valid email address')
  await expectNoAxeViolations(page, 'step 1 with errors shown')
})

test('legal documents open in a new tab, so nothing typed is lost', async ({ page }) => {
  await gotoHydrated(page, '/enterprise')
  for (const [name, href] of [
    ['Terms and Conditions', '/terms'],
    ['Privacy Policy', '/privacy'],
    ['Cookie Policy', '/cookies'],
    ['Data Processing Agreement', '/dpa'],
  ] as const) {
    const link = page.getByRole('link', { name: `${name} (opens in a new tab)` })
    await expect(link).toHaveAttribute('href', href)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /noopener/)
  }
})

test('Back keeps every value; the plan modal shows totals for both billing cycles', async ({ page }) => {
  await gotoHydrated(page, '/enterprise')
  await expectNoAxeViolations(page, 'step 1')
  await fillContact(page)
  await page.getByRole('button', { name: 'Next Step' }).click()
  await expect(page.getByRole('heading', heading('Choose Your Plan'))).toBeFocused()
  await expectNoAxeViolations(page, 'step 2')

  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('heading', heading('Contact Information'))).toBeFocused()
  await expectContactKept(page)
  await page.getByRole('button', { name: 'Next Step' }).click()

  const annually = page.getByRole('radio', { name: 'Annually', exact: true })
  await expect(annually).toBeChecked()
  await expect(page.getByRole('radio', { name: /Starter Enterprise/ })).toHaveAccessibleName(/US\$1,660\/month/)
  await expect(page.getByRole('radio', { name: /Growth Package/ })).toHaveAccessibleName(/US\$2,950\/month/)
  await expect(page.getByRole('button', { name: '+6 more features of Starter Enterprise' })).toBeVisible()

  const moreStarter = page.getByRole('button', { name: '+6 more features of Starter Enterprise' })
  await moreStarter.click()
  const dialog = page.getByRole('dialog', { name: 'Starter Enterprise' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('US$1,660/month')
  await expect(dialog).toContainText('Total: US$19,920 per year')
  await expect(dialog.getByRole('listitem')).toHaveCount(12 + 4)
  await expect(dialog).toContainText('Dedicated account manager assigned within 24 hours')
  await expectNoAxeViolations(page, 'plan modal open')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(moreStarter).toBeFocused()

  await page.getByRole('radio', { name: 'Biannually' }).check()
  await expect(page.getByRole('radio', { name: /Starter Enterprise/ })).toHaveAccessibleName(/US\$1,845\/month/)
  await page.getByRole('button', { name: '+9 more features of Growth Package' }).click()
  const growth = page.getByRole('dialog', { name: 'Growth Package' })
  await expect(growth).toContainText('US$3,470/month')
  await expect(growth).toContainText('Total: US$20,820 per 6 months')
  await expect(growth.getByRole('listitem')).toHaveCount(15 + 4)
  await page.keyboard.press('Escape')
  await expect(growth).toBeHidden()

  await page.getByRole('radio', { name: /Growth Package/ }).check()
  await page.getByRole('button', { name: 'Confirm Package' }).click()
  await expect(page.getByRole('heading', heading('Your Registration Is Confirmed'))).toBeFocused()
  await expectNoAxeViolations(page, 'step 3')
  const [request] = await registrationRequests(page)
  expect(request?.body).toMatchObject({ selected_plan: 'growth', billing_cycle: 'biannually', seats: '51-100', email: 'jane@example.com' })
})

test.describe('when the database refuses the registration', () => {
  test.use({ allowedConsoleErrors: [/status of 503 \(Service Unavailable\)/] })

  test('the visitor stays on step 2 with everything kept and an alert, and can retry', async ({ page }) => {
    await gotoHydrated(page, '/enterprise?mock=registration-error')
    await fillContact(page)
    await page.getByRole('button', { name: 'Next Step' }).click()
    await page.getByRole('radio', { name: /Starter Enterprise/ }).check()
    await page.getByRole('button', { name: 'Confirm Package' }).click()
    await expect(page.getByRole('alert')).toHaveText('There was an error submitting your registration. Please try again.')
    await expect(page.getByRole('heading', heading('Choose Your Plan'))).toBeVisible()
    await expect(page.getByRole('radio', { name: /Starter Enterprise/ })).toBeChecked()
    await expect(page.getByRole('button', { name: 'Confirm Package' })).toBeEnabled()
    await expectNoAxeViolations(page, 'step 2 with the failure alert')
    expect(await registrationRequests(page)).toHaveLength(1)

    await page.getByRole('button', { name: 'Back' }).click()
    await expectContactKept(page)
    await page.goto('/enterprise?mock=off')
  })
})

// A failed save leaves the visitor a number to call and says nothing was lost; a
// registration the database already holds is not a failure to retry.
test.describe('after a Confirm that did not save', () => {
  test.use({ allowedConsoleErrors: [/status of (409|503) \((Conflict|Service Unavailable)\)/] })

  async function confirmStarter(page: import('@playwright/test').Page, scenario: string) {
    await gotoHydrated(page, `/enterprise?mock=${scenario}`)
    await fillContact(page)
    await page.getByRole('button', { name: 'Next Step' }).click()
    await page.getByRole('radio', { name: /Starter Enterprise/ }).check()
    await page.getByRole('button', { name: 'Confirm Package' }).click()
  }

  for (const width of [390, 1280]) {
    test(`at ${width} px the save failure keeps the alert, says the values are kept, and shows the sales phone`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 })
      await confirmStarter(page, 'registration-error')
      await expect(page.getByRole('alert')).toHaveText('There was an error submitting your registration. Please try again.')
      await expect(page.getByText('Everything you entered is kept: your details, the plan and the billing cycle.')).toBeVisible()
      await expectWaysToReachUs(page.getByRole('main'))
      await expect(page.getByRole('radio', { name: /Starter Enterprise/ })).toBeChecked()
      await page.getByRole('button', { name: 'Back' }).click()
      await expectContactKept(page)
    })
  }

  test('a registration the database already holds shows step 3 with the plan and total, said to be received, with no ask to try again', async ({
    page,
  }) => {
    await confirmStarter(page, 'registration-duplicate')
    await expect(page.getByRole('heading', heading('Your Registration Is Confirmed'))).toBeFocused()
    await expect(page.getByRole('button', { name: 'Confirm Package' })).toHaveCount(0)
    const main = page.getByRole('main')
    await expect(main).toContainText('We have already received this registration.')
    await expect(main).toContainText('There is no need to send it again')
    await expect(main).not.toContainText(/try again/i)
    const summary = page.getByRole('definition')
    await expect(summary.nth(0)).toHaveText('Starter Enterprise')
    await expect(page.getByRole('term').nth(2)).toHaveText('Total')
    await expect(summary.nth(2)).toContainText(/\d/)
    await expect(main.getByRole('link', { name: '1300 555 019' }).first()).toHaveAttribute('href', 'tel:1300555019')
    await expectNoAxeViolations(page, 'step 3 with the registration already received')
    await page.goto('/enterprise?mock=off')
  })
})

test('while sending, Confirm reads Processing... and a second press sends nothing', async ({ page }) => {
  await gotoHydrated(page, '/enterprise?mock=slow')
  await fillContact(page)
  await page.getByRole('button', { name: 'Next Step' }).click()
  await page.getByRole('radio', { name: /Growth Package/ }).check()
  const confirm = page.getByRole('button', { name: 'Confirm Package' })
  await confirm.click()
  const processing = page.getByRole('button', { name: 'Processing...' })
  await expect(processing).toBeDisabled()
  await processing.click({ force: true })
  await processing.press('Enter')
  await expect(page.getByRole('heading', heading('Your Registration Is Confirmed'))).toBeFocused({ timeout: 10_000 })
  expect(await registrationRequests(page)).toHaveLength(1)
  await page.goto('/enterprise?mock=off')
})

test.describe('when the database limits registrations from one network', () => {
  test.use({ allowedConsoleErrors: [/status of 429 \(Too Many Requests\)/] })

  test('step 2 says to call the sales phone and keeps every value', async ({ page }) => {
    await gotoHydrated(page, '/enterprise?mock=registration-limited')
    await fillContact(page)
    await page.getByRole('button', { name: 'Next Step' }).click()
    await page.getByRole('radio', { name: /Growth Package/ }).check()
    await page.getByRole('button', { name: 'Confirm Package' }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toHaveText(
      'Too many registrations from your network. Please call us on 1300 555 019 (+61 2 5550 4019 from outside Australia) or e-mail hello@reviewlift.example.',
    )
    await expectWaysToReachUs(alert)
    await expect(page.getByRole('heading', heading('Choose Your Plan'))).toBeVisible()
    await expect(page.getByRole('radio', { name: /Growth Package/ })).toBeChecked()
    await expectNoAxeViolations(page, 'step 2 with the limit alert')
    expect(await registrationRequests(page)).toHaveLength(1)
    await page.getByRole('button', { name: 'Back' }).click()
    await expectContactKept(page)
    await page.goto('/enterprise?mock=off')
  })
})

test.describe('when the answer to a recorded registration is lost', () => {
  test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)|Failed to fetch|net::ERR_FAILED/] })

  test('the lost answer is retried by itself with the same submission_id, and the function saying it is in shows step 3', async ({
    page,
  }) => {
    await gotoHydrated(page, '/enterprise?mock=registration-lost')
    await fillContact(page)
    await page.getByRole('button', { name: 'Next Step' }).click()
    await page.getByRole('radio', { name: /Starter Enterprise/ }).check()
    await page.getByRole('button', { name: 'Confirm Package' }).click()
    await expect(page.getByRole('heading', heading('Your Registration Is Confirmed'))).toBeFocused()
    await expect(page.getByRole('alert')).toHaveCount(0)
    const ids = (await registrationRequests(page)).map((r) => r.body.submission_id)
    expect(ids).toHaveLength(2)
    expect(ids[1]).toBe(ids[0])
    await page.goto('/enterprise?mock=off')
  })
})
