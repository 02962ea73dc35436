import { expect, gotoHydrated, test } from './fixtures'

test('header links lead where they should', async ({ page }) => {
  await gotoHydrated(page, '/terms')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/)
  await expect(header.getByText('Talk to our sales team')).toBeVisible()
  const login = header.getByRole('link', { name: /Login/ })
  await expect(login).toHaveAttribute('target', '_blank')
  await expect(login).toHaveAttribute('rel', /noopener/)
  await expect(login).toHaveAttribute('href', /^https:\/\//)
  await expect(header.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '#contact')

  await header.getByRole('link', { name: 'Services' }).click()
  await expect(page).toHaveURL(/\/#services$/)

  await page.goto('/terms')
  await header.getByRole('link', { name: 'Home', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the logo links home and the Join Us Here button scrolls to the top', async ({ page }) => {
  await gotoHydrated(page, '/privacy')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.getByRole('button', { name: 'Join Us Here' }).click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.getByRole('banner').getByRole('link', { name: /home$/ }).first().click()
  await expect(page).toHaveURL(/\/$/)
})

test('footer has the client area, social, contact and legal links', async ({ page }) => {
  await gotoHydrated(page, '/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: /Client Area/ })).toHaveAttribute('target', '_blank')
  for (const name of ['Facebook', 'Twitter', 'LinkedIn', 'Instagram']) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', /^https:\/\//)
  }
  await expect(footer.getByRole('link', { name: /Phone:/ })).toHaveAttribute('href', /^tel:/)
  await expect(footer.getByRole('link', { name: /Email:/ })).toHaveAttribute('href', /^mailto:/)
  await expect(footer.getByText(/© \d{4} .+ All rights reserved/)).toBeVisible()
  for (const [name, path] of [
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
    ['Cookies', '/cookies'],
    ['DPA', '/dpa'],
  ]) {
    await footer.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
  }
})

test('a 390 px wide screen shows only the JOIN US button in the header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await gotoHydrated(page, '/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('button', { name: 'JOIN US' })).toBeVisible()
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden()
  for (const name of ['Home', 'Services', 'Contact Us']) await expect(header.getByRole('link', { name, exact: true })).toBeHidden()
  await expect(header.getByRole('button', { name: 'Join Us Here' })).toBeHidden()
})
