import { expect, gotoHydrated, test } from './fixtures'
import { expectNoAxeViolations } from './axe'
import { fillLeadForm, leadRequests } from './lead-helpers'

const articles = [
  { slug: 'boost-google-maps-listing', title: 'How to Boost Your Google Maps Listing', section: 'Make reviews a weekly habit' },
  { slug: 'get-more-customer-reviews', title: 'How to Get More Customer Reviews', section: 'Ask at the moment of delight' },
  {
    slug: 'importance-multiple-review-platforms',
    title: 'Why Multiple Review Platforms Matter',
    section: 'Each platform reaches different people',
  },
]

test('/news shows a card per article, each with image, excerpt and date, linking to its page', async ({ page }) => {
  await gotoHydrated(page, '/news')
  const cards = page.getByRole('list', { name: 'Articles' }).getByRole('listitem')
  await expect(cards).toHaveCount(3)
  for (const { slug, title } of articles) {
    const card = cards.filter({ has: page.getByRole('heading', { name: title }) })
    await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', new RegExp(`^/blog/${slug}(\\?|$)`))
    await expect(card.getByRole('img')).toHaveAttribute('src', `/images/blog/${slug}.svg`)
    await expect(card.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ 20\d\d$/)
    await expect(
      card
        .getByRole('paragraph')
        .filter({ hasText: /\w{3,} .{40,}/ })
        .first(),
    ).toBeVisible()
  }
  await expectNoAxeViolations(page, '/news')
})

for (const { slug, title, section } of articles) {
  test(`the /news card opens ${slug} in the app, with its title, body and lead form`, async ({ page }) => {
    await gotoHydrated(page, '/news')
    await page.getByRole('link', { name: title }).click()
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    // The article's own title first, the generic blog title after it (DESIGN.md deviation 8).
    await expect(page).toHaveTitle(`${title} | Blog | ReviewLift`)
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Get more reviews for your business' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Get My Free Consultation' })).toBeVisible()
  })
}

test('an article page as served: hero image sized up front, body, and a working growth-tips form', async ({ page }) => {
  await gotoHydrated(page, '/blog/get-more-customer-reviews')
  const hero = page.getByRole('img', { name: /phone showing a text message/ })
  await expect(hero).toHaveAttribute('width', '1200')
  await expect(hero).toHaveAttribute('height', '630')
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveCount(11)
  await expectNoAxeViolations(page, '/blog/get-more-customer-reviews')

  await fillLeadForm(page)
  await page.getByRole('button', { name: 'Get My Free Consultation' }).click()
  await expect(page.getByRole('dialog', { name: 'Congrats!' })).toBeVisible()
  const [request] = await leadRequests(page)
  expect(request?.body).toMatchObject({
    source: { path: '/blog/get-more-customer-reviews', label: 'Page /blog/get-more-customer-reviews' },
  })
})

test('an unknown slug followed in the app goes to /news, and Back returns to the page before', async ({ page }) => {
  await gotoHydrated(page, '/terms')
  // A client-side navigation to a bad slug (as a stale in-app link would make): the router loads it.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/blog/no-such-post')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page).toHaveURL(/\/news$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reviews and Reputation Insights')
  await page.goBack()
  await expect(page).toHaveURL(/\/terms$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
  await page.goForward()
  await expect(page).toHaveURL(/\/news$/)
})

test.describe('arriving on an unknown slug', () => {
  // The static host answers an unknown path with 404.html (status 404), which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404 \(Not Found\)/] })

  test('from another site: the page becomes /news, and Back leaves to where the visitor was', async ({ page }) => {
    await gotoHydrated(page, '/terms')
    await page.goto('/blog/no-such-post')
    await expect(page).toHaveURL(/\/news$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reviews and Reputation Insights')
    await page.goBack()
    await expect(page).toHaveURL(/\/terms$/)
  })
})
