import { expect, gotoHydrated, test } from './fixtures'
import { prerenderedPages } from './pages'

const origin = 'https://www.reviewlift.example'

/** The @type of each JSON-LD node a route's page carries (src/lib/page-meta.ts). */
const expectedTypes = (route: string) =>
  route === '/' ? ['Organization', 'WebSite'] : route === '/blog/$slug' ? ['Organization', 'BlogPosting'] : ['Organization']

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0
const metaContent = (html: string, key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"/>`))?.[1]

for (const { path, route } of prerenderedPages) {
  test(`${path} carries its structured data and a served 1200x630 sharing image`, async ({ request }) => {
    const html = await (await request.get(path)).text()

    // Exactly one of each head tag: nothing duplicated between the root and the route.
    for (const tag of [
      /<title>/,
      /<meta name="description"/,
      /<link rel="canonical"/,
      /<meta property="og:image"/,
      /<meta name="twitter:card"/,
    ]) {
      expect(count(html, tag), `${tag}`).toBe(1)
    }
    // Only the pages marked `index: false` in the table of pages (the native post's /thanks, /confirm) say noindex.
    const noindex = route === '/thanks' || route === '/confirm' ? 1 : 0
    expect(count(html, /<meta name="robots" content="noindex"/)).toBe(noindex)
    expect(count(html, /<meta name="robots"/)).toBe(noindex)

    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!))
    expect(blocks).toHaveLength(1)
    const graph = blocks[0]['@graph'] as { '@type': string; [key: string]: unknown }[]
    expect(graph.map((node) => node['@type'])).toEqual(expectedTypes(route))
    expect(JSON.stringify(blocks[0])).not.toMatch(/AggregateRating|"Review"/)
    const organization = graph[0]!
    expect(organization).toMatchObject({ name: 'ReviewLift', url: `${origin}/`, logo: `${origin}/images/og/logo.png` })
    if (route === '/blog/$slug') {
      expect(graph[1]).toMatchObject({
        mainEntityOfPage: { '@id': `${origin}${path}` },
        datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      })
    }

    const image = metaContent(html, 'og:image')!
    expect(image).toMatch(new RegExp(`^${origin}/images/.+\\.png$`))
    expect(metaContent(html, 'twitter:image')).toBe(image)
    expect(metaContent(html, 'og:image:width')).toBe('1200')
    expect(metaContent(html, 'og:image:height')).toBe('630')
    expect(metaContent(html, 'og:image:alt')!.length).toBeGreaterThan(10)
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image')
    const served = await request.get(new URL(image).pathname)
    expect(served.status()).toBe(200)
    expect(served.headers()['content-type']).toBe('image/png')
  })
}

test('the organisation logo named in the structured data is served', async ({ request }) => {
  const logo = await request.get('/images/og/logo.png')
  expect(logo.status()).toBe(200)
  expect(logo.headers()['content-type']).toBe('image/png')
})

test('the hydrated page keeps one JSON-LD block, and client-side navigation swaps it', async ({ page }) => {
  const ldTypes = () =>
    page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.map((s) => (JSON.parse(s.textContent ?? '')['@graph'] as { '@type': string }[]).map((n) => n['@type']).join(',')),
      )
  await gotoHydrated(page, '/')
  expect(await ldTypes()).toEqual(['Organization,WebSite'])
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click()
  await expect(page).toHaveURL(/\/terms$/)
  await expect.poll(ldTypes).toEqual(['Organization'])
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${origin}/images/og/legal.png`)
})
