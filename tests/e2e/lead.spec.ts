import { expect, gotoHydrated, test } from './fixtures'
import { addressBox, expectFormKept, fillLeadForm, leadRequests } from './lead-helpers'

const submitButton = { name: 'Get My Free Consultation' }

test('a visitor fills the home form with the keyboard only, picks a suggestion and books a call', async ({ page }) => {
  await gotoHydrated(page, '/?platform=google&keyword=vet')
  const locations = page.getByLabel('Number of locations')
  for (let i = 0; i < 30 && !(await locations.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(locations).toBeFocused()
  await page.keyboard.type('2')
  await expect(locations).toHaveValue('2-10')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Jane Doe')
  await page.keyboard.press('Tab')
  await page.keyboard.type('0422470721')
  await page.keyboard.press('Tab')
  await page.keyboard.type('jane@example.com')
  await page.keyboard.press('Tab')
  await expect(addressBox(page)).toBeFocused()
  await page.keyboard.type('harbour')
  const listbox = page.getByRole('listbox', { name: /Business address suggestions/ })
  await expect(listbox.getByRole('option')).toHaveCount(1)
  await expect(addressBox(page)).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(listbox.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(addressBox(page)).toHaveValue('78 Harbour Street, Sydney NSW, Australia')
  await expect(listbox).toBeHidden()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', submitButton)).toBeFocused()
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: 'Congrats!' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Schedule Your Call' })).toBeFocused()
  await expect(page.getByLabel('Full name')).toHaveValue('')
  await expect(addressBox(page)).toHaveValue('')

  const [request] = await leadRequests(page)
  expect(request?.body).toMatchObject({
    lead: {
      locations: '2-10',
      name: 'Jane Doe',
      phone: '0422470721',
      email: 'jane@example.com',
      business: '78 Harbour Street, Sydney NSW, Australia',
      note: '',
    },
    tracking: { platform: 'google', keyword: 'vet' },
    source: { path: '/', label: 'Homepage' },
  })
  expect(await page.evaluate(() => (window as unknown as { __analyticsEvents: unknown[] }).__analyticsEvents)).toEqual([
    { name: 'conversion', send_to: 'AW-MOCK/lead', value: 15, currency: 'USD' },
    { name: 'generate_lead', value: 0, currency: 'USD' },
  ])

  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/schedule$/)
  await expect(page.getByRole('heading', { level: 1, name: "You're One Step Away" })).toBeVisible()
})

test('Escape and the X close the Congrats dialog and focus returns to the form', async ({ page }) => {
  await gotoHydrated(page, '/')
  await fillLeadForm(page)
  await page.getByRole('button', submitButton).click()
  const dialog = page.getByRole('dialog', { name: 'Congrats!' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', submitButton)).toBeFocused()

  await fillLeadForm(page)
  await page.getByRole('button', submitButton).click()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/$/)
  expect(await leadRequests(page)).toHaveLength(2)
})

test.describe('failures and edge cases', () => {
  // The browser logs the failing status a scenario returns (500, 503); nothing else may log.
  test.use({ allowedConsoleErrors: [/status of (500|503) \((Internal Server Error|Service Unavailable)\)/] })

  test('a failed submission shows the error and keeps everything typed', async ({ page }) => {
    await gotoHydrated(page, '/?mock=lead-error')
    await fillLeadForm(page)
    await page.getByRole('button', submitButton).click()
    await expect(page.getByRole('alert').filter({ hasText: 'An error occurred. Please try again.' })).toBeVisible()
    await expectFormKept(page)
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeHidden()
    await page.getByRole('button', submitButton).click()
    await expect.poll(async () => (await leadRequests(page)).length).toBe(2)
    const [first, second] = await leadRequests(page)
    expect(second?.body.submissionId).toBe(first?.body.submissionId)
  })

  test('a double click sends one request, and the button shows progress meanwhile', async ({ page }) => {
    await gotoHydrated(page, '/?mock=slow')
    await fillLeadForm(page)
    await page.getByRole('button', submitButton).dblclick()
    const busy = page.getByRole('button', { name: 'Submitting...' })
    await expect(busy).toBeDisabled()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible({ timeout: 10_000 })
    expect(await leadRequests(page)).toHaveLength(1)
  })

  test('a blank address is caught before sending, and typing clears the message', async ({ page }) => {
    await gotoHydrated(page, '/')
    await fillLeadForm(page, '   ')
    await page.getByRole('button', submitButton).click()
    const message = page.getByText('Please enter your business address')
    await expect(message).toBeVisible()
    await expect(addressBox(page)).toHaveAttribute('aria-invalid', 'true')
    expect(await leadRequests(page)).toHaveLength(0)
    await addressBox(page).pressSequentially('1')
    await expect(message).toBeHidden()
  })

  test('with places down the address is plain text entry and the lead still goes through', async ({ page }) => {
    await gotoHydrated(page, '/?mock=places-down')
    await fillLeadForm(page, '')
    await addressBox(page).pressSequentially('9 Queen Street', { delay: 20 })
    await page.waitForTimeout(600)
    await expect(page.getByRole('listbox', { name: /suggestions/ })).toBeHidden()
    await expect(addressBox(page)).toHaveValue('9 Queen Street')
    await page.getByRole('button', submitButton).click()
    await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
  })
})

test('/#services lands on the services section and the industries button goes back to the top', async ({ page }) => {
  await gotoHydrated(page, '/#services')
  await expect(page.locator('#services')).toBeInViewport()
  await expect(page.getByRole('heading', { name: 'Trusted by 200+ Integrated Apps' })).toBeAttached()
  const industries = page.getByRole('region', { name: 'Solutions for every industry' })
  await expect(industries.getByRole('heading', { level: 3 })).toHaveCount(9)
  await industries.getByRole('button', { name: 'Get Started Today' }).click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('tracking values from the landing page follow the visitor to the home form, not in its URL', async ({ page }) => {
  await gotoHydrated(page, '/terms?platform=facebook&keyword=dentist')
  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await fillLeadForm(page)
  await page.getByRole('button', submitButton).click()
  await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
  const [request] = await leadRequests(page)
  expect(request?.body).toMatchObject({ tracking: { platform: 'facebook', keyword: 'dentist' }, source: { path: '/', label: 'Homepage' } })
})
