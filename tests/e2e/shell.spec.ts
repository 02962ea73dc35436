import { expect, gotoHydrated, test } from './fixtures'
import { prerenderedPages } from './pages'

const routes: [path: string, heading: RegExp, title: RegExp][] = [
  ['/', /highest-rated business/i, /More 5-Star Google Reviews/],
  ['/x18', /Design That Turns Visitors/i, /^Design Services/],
  ['/qrb', /Dare Accounting/i, /^Dare Accounting Partner Offer/],
  ['/konversable', /Konversable/i, /^Konversable Partner Offer/],
  ['/vet', /Veterinary Practice/i, /Veterinary Practices/],
  ['/vet1', /Veterinary Practice/i, /Veterinary Practices/],
  ['/schedule', /You're One Step Away/, /^Book Your Strategy Call/],
  ['/enterprise', /Enterprise/i, /^Enterprise Registration/],
  ['/news', /Insights|Blog/i, /^Blog/],
  ['/blog/boost-google-maps-listing', /Google Maps/i, /^How to Boost Your Google Maps Listing \| Blog \|/],
  ['/blog/get-more-customer-reviews', /Customer Reviews/i, /^How to Get More Customer Reviews \| Blog \|/],
  ['/blog/importance-multiple-review-platforms', /Review Platforms/i, /^Why Multiple Review Platforms Matter \| Blog \|/],
  ['/terms', /Terms of Service/, /^Terms of Service/],
  ['/privacy', /Privacy Policy/, /^Privacy Policy/],
  ['/cookies', /Cookie Policy/, /^Cookie Policy/],
  ['/dpa', /Data Processing Agreement/, /^Data Processing Agreement/],
]

for (const [path, heading, title] of routes) {
  test(`${path} is prerendered with its own head and hydrates cleanly`, async ({ page, request }) => {
    const raw = await request.get(path)
    expect(raw.status()).toBe(200)
    const html = await raw.text()
    const rawTitle = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''
    expect(rawTitle).toMatch(title)
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/)
    // From the table of pages: a variant (/vet1) names the page it copies (/vet) as canonical.
    const canonical = new URL(prerenderedPages.find((page) => page.path === path)!.canonical).pathname
    expect(html).toContain(`<link rel="canonical" href="https://www.reviewlift.example${canonical}"/>`)
    expect(html).toContain(`<meta property="og:url" content="https://www.reviewlift.example${canonical}"/>`)
    expect(html).toMatch(/<h1[^>]*>/)

    await gotoHydrated(page, path)
    await expect(page).toHaveTitle(title)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://www.reviewlift.example${canonical}`)
    // Hydration keeps the prerendered head as it is: one structured-data block, one sharing image.
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1)
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(1)
  })
}

test('the page paints before its script is requested; the script and the listed modules then load together and hydrate', async ({
  page,
}) => {
  await gotoHydrated(page, '/vet')
  const timings = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
      .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }))
    const listed = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(' ') ?? []
    return { paint, scripts, listed }
  })
  expect(timings.paint).toBeGreaterThan(0)
  const app = timings.scripts.find((script) => script.name === '/assets/app.js')
  expect(app, 'app.js was requested').toBeDefined()
  expect(app!.start).toBeGreaterThanOrEqual(timings.paint)
  expect(timings.listed.length).toBeGreaterThan(5)
  for (const module of timings.listed) {
    const script = timings.scripts.find((s) => s.name === module)
    expect(script, module).toBeDefined()
    expect(script!.start, module).toBeGreaterThanOrEqual(timings.paint)
  }
  // Preloaded beside app.js, not discovered after it ran: each module starts before app.js has loaded.
  const appEnd = await page.evaluate(
    () => performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/assets/app.js'))?.responseEnd ?? NaN,
  )
  for (const module of timings.listed) expect(timings.scripts.find((s) => s.name === module)!.start, module).toBeLessThan(appEnd)
})

test('client-side navigation updates the head and loads the route chunk', async ({ page }) => {
  await gotoHydrated(page, '/x18')
  const chunk = page.waitForRequest(/\/assets\/terms-[\w-]+\.js$/)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click()
  await chunk
  await expect(page).toHaveURL(/\/terms$/)
  await expect(page).toHaveTitle(/^Terms of Service/)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /terms/i)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/terms$/)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Terms of Service/)
})

test.describe('not found', () => {
  // The browser reports the document's own 404 status; nothing else may log.
  test.use({ allowedConsoleErrors: [/status of 404 \(Not Found\)/] })

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    const response = await gotoHydrated(page, '/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the served 404 names itself and keeps out of search results, before and after hydration', async ({ page, request }) => {
    const served = await request.get('/no-such-page')
    expect(served.status()).toBe(404)
    const html = await served.text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head.match(/<title>([^<]*)<\/title>/g)).toEqual(['<title>Page not found | ReviewLift</title>'])
    expect(head.match(/<meta name="robots"[^>]*>/g)).toEqual(['<meta name="robots" content="noindex"/>'])

    await gotoHydrated(page, '/no-such-page')
    await expect(page).toHaveTitle('Page not found | ReviewLift')
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(page.locator('title')).toHaveCount(1)
  })
})

test('an unknown blog slug redirects to /news, replacing the history entry', async ({ page }) => {
  await gotoHydrated(page, '/terms')
  await page.evaluate(() => window.history.pushState({}, '', '/blog/unknown-post'))
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')))
  await expect(page).toHaveURL(/\/news$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/terms$/)
})
