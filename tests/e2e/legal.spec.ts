import type { Locator, Page } from '@playwright/test'
import { expect, gotoHydrated, test } from './fixtures'
import { expectNoAxeViolations } from './axe'
import { legalFacts } from '../support/legal-facts'

/** The heading sits in view below the sticky site header, not hidden under it (after smooth scrolling). */
async function expectLandedOn(page: Page, heading: Locator) {
  await expect(heading).toBeInViewport()
  await expect
    .poll(async () => {
      const header = await page.getByRole('banner').boundingBox()
      const box = await heading.boundingBox()
      return header && box ? box.y - (header.y + header.height) : -1
    })
    .toBeGreaterThanOrEqual(0)
}

const legalPages = [
  {
    path: '/terms',
    title: 'Terms of Service',
    sections: 20,
    anchor: { id: 'limitation-of-liability', name: '17. Limitation of liability' },
  },
  { path: '/privacy', title: 'Privacy Policy', sections: 14, anchor: { id: 'your-rights', name: '10. Your rights' } },
  { path: '/cookies', title: 'Cookie Policy', sections: 7, anchor: { id: 'managing-cookies', name: '6. Managing cookies' } },
  {
    path: '/dpa',
    title: 'Data Processing Agreement',
    sections: 10,
    anchor: { id: 'generative-ai-policy', name: '6. Generative AI policy' },
  },
] as const

for (const { path, title, sections, anchor } of legalPages) {
  test.describe(path, () => {
    test(`states every fact of SPEC §6 and §9 that belongs on ${path}, word for word`, async ({ page }) => {
      await gotoHydrated(page, path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      const main = page.getByRole('main')
      const facts = legalFacts.filter((fact) => fact.page === path)
      expect(facts.length).toBeGreaterThan(0)
      for (const { fact, text } of facts) await expect.soft(main, fact).toContainText(text)
    })

    test('its contents list links to every section, and following a link lands on the heading', async ({ page }) => {
      await gotoHydrated(page, path)
      const contents = page.getByRole('navigation', { name: 'Contents' })
      await expect(contents.getByRole('link')).toHaveCount(sections)
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(sections + 1)
      await contents.getByRole('link', { name: anchor.name }).click()
      await expect(page).toHaveURL(new RegExp(`${path}#${anchor.id}$`))
      const heading = page.getByRole('heading', { level: 2, name: anchor.name })
      await expect(heading).toHaveAttribute('id', anchor.id)
      await expectLandedOn(page, heading)
      await expectNoAxeViolations(page, `${path}#${anchor.id}`)
    })

    test('a shared link to a section opens the page at that section', async ({ page }) => {
      await gotoHydrated(page, `${path}#${anchor.id}`)
      await expectLandedOn(page, page.getByRole('heading', { level: 2, name: anchor.name }))
    })
  })
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const { path } of legalPages) {
    test(`${path} reads without sideways scrolling and passes axe`, async ({ page }) => {
      await gotoHydrated(page, path)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page, `${path} at 390 px`)
    })
  }
})
