import { expect, test } from '@playwright/test'

// /thanks (where the native lead post lands) and the mock build's stand-in for that post (decision 008).
test('/thanks: its own title, noindex, out of the sitemap, and the Schedule Your Call link', async ({ page, request }) => {
  await page.goto('/thanks')
  await expect(page).toHaveTitle(/^Thank You \|/)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We Have Your Details')
  await page.getByRole('link', { name: 'Schedule Your Call' }).click()
  await expect(page).toHaveURL(/\/schedule(\?|$)/)
  // The visitor arrives: the schedule page has painted (and no navigation is left in flight when the
  // test closes its context: a context closed mid-navigation once hung its teardown past the timeout).
  await expect(page.getByRole('heading', { level: 1, name: "You're One Step Away" })).toBeVisible()
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/thanks')
})

test('the preview server answers a same-origin native lead post like the function, and lists it', async ({ request, baseURL }) => {
  const form = {
    locations: '1',
    name: 'Offline Tester',
    phone: '0422470721',
    email: 'offline@example.com',
    business: '1 Test St',
    source_path: '/vet',
    source_label: 'Veterinary Page',
  }
  const post = (fields: Record<string, string>) =>
    request.post('/functions/v1/leads', { form: fields, headers: { origin: baseURL! }, maxRedirects: 0 })
  const accepted = await post(form)
  expect(accepted.status()).toBe(303)
  expect(accepted.headers().location).toBe(`${baseURL}/thanks`)
  expect((await post({ ...form, phone: 'abc' })).headers().location).toBe(`${baseURL}/vet?lead=error&fields=phone#lead-error`)
  const received = (await (await request.get('/__mock/native-leads')).json()) as { submission: { lead: { name: string } } }[]
  expect(received.filter((lead) => lead.submission.lead.name === 'Offline Tester')).toHaveLength(1)
})
