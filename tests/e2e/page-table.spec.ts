import { expect, test } from './fixtures'
import { prerenderedPages } from './pages'

const origin = 'https://www.reviewlift.example'

// Table-driven from what the build prerendered (src/content/pages.ts through the server bundle).
for (const { path, title, canonical } of prerenderedPages) {
  test(`${path} is served with its own head tags from the table of pages`, async ({ request }) => {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    const html = await response.text()
    const escaped = title.replaceAll('&', '&amp;').replaceAll("'", '&#x27;')
    expect(html).toContain(`<title>${escaped}</title>`)
    expect(html).toContain(`<meta property="og:title" content="${escaped}"/>`)
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"\/>/)
    expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`)
    expect(html).toContain(`<meta property="og:url" content="${canonical}"/>`)
  })
}

test('/vet1 is an ad variant of /vet: its canonical link and social URL point to /vet', async ({ request }) => {
  const html = await (await request.get('/vet1')).text()
  expect(html).toContain(`<link rel="canonical" href="${origin}/vet"/>`)
  expect(html).toContain(`<meta property="og:url" content="${origin}/vet"/>`)
})

test('every article page is prerendered, with the generic blog title and its own URL and image', async ({ request }) => {
  const articles = prerenderedPages.filter((page) => page.route === '/blog/$slug')
  expect(articles.map((page) => page.path).sort()).toEqual([
    '/blog/boost-google-maps-listing',
    '/blog/get-more-customer-reviews',
    '/blog/importance-multiple-review-platforms',
  ])
  for (const { path } of articles) {
    const html = await (await request.get(path)).text()
    expect(html).toContain(`<link rel="canonical" href="${origin}${path}"/>`)
    expect(html).toContain(`<meta property="og:image" content="${origin}/images/blog/${path.split('/').pop()}.png"/>`)
  }
})

test('sitemap.xml lists each indexable canonical page once, and no variant or thank-you page', async ({ request }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.headers()['content-type']).toMatch(/xml/)
  const xml = await response.text()
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
  expect(locs).toEqual(prerenderedPages.filter((page) => page.inSitemap).map((page) => page.canonical))
  expect(new Set(locs).size).toBe(locs.length)
  expect(locs).toContain(`${origin}/vet`)
  expect(locs).not.toContain(`${origin}/vet1`)
  expect(locs.filter((loc) => /\/thank/.test(loc!))).toEqual([])
})

test('robots.txt allows every crawler everywhere and names the absolute sitemap URL', async ({ request }) => {
  const response = await request.get('/robots.txt')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^text\/plain/)
  expect(await response.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`)
})
