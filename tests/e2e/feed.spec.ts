import { expect, test } from './fixtures'
import { prerenderedPages } from './pages'

const origin = 'https://www.reviewlift.example'
const articlePaths = prerenderedPages.filter((page) => page.route === '/blog/$slug').map((page) => page.path)

test('the built site serves an Atom feed with one entry per article, linked from the head of /news and every article', async ({
  page,
  request,
}) => {
  const response = await request.get('/feed.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/xml/)
  const xml = await response.text()

  for (const path of ['/news', ...articlePaths]) {
    const html = await (await request.get(path)).text()
    expect(html, path).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Blog: Reviews and Reputation Tips | ReviewLift" href="${origin}/feed.xml"/>`,
    )
  }

  // Parsed as a feed reader would: the browser's XML parser, which fails on anything not well-formed.
  await page.goto('/news')
  const feed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml')
    const entries = [...doc.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'entry')]
    return {
      error: doc.getElementsByTagName('parsererror').length,
      root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
      links: entries.map((entry) => entry.querySelector('link[rel="alternate"]')?.getAttribute('href')),
      titles: entries.map((entry) => entry.getElementsByTagName('title')[0]?.textContent),
    }
  }, xml)
  expect(feed.error).toBe(0)
  expect(feed.root).toBe('http://www.w3.org/2005/Atom feed')
  expect([...feed.links].sort()).toEqual(articlePaths.map((path) => `${origin}${path}`).sort())
  const cards = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()
  expect(feed.titles).toEqual(cards.slice(0, feed.titles.length))
})

test('an article tab and its share title lead with its own title, the generic blog title after it', async ({ page }) => {
  await page.goto(articlePaths[0]!)
  const headline = await page.getByRole('heading', { level: 1 }).textContent()
  await expect(page).toHaveTitle(`${headline} | Blog | ReviewLift`)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${headline} | Blog | ReviewLift`)
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { '@graph': { headline?: string }[] }
  expect(ld['@graph'].find((node) => node.headline)?.headline).toBe(`${headline} | Blog | ReviewLift`)
})
