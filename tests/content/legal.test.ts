import { describe, expect, it } from 'vitest'
import terms from '@/content/legal/terms.md'
import privacy from '@/content/legal/privacy.md'
import cookies from '@/content/legal/cookies.md'
import dpa from '@/content/legal/dpa.md'
import { site } from '@/site'
import { legalFacts } from '../support/legal-facts'

const documents = { '/terms': terms, '/privacy': privacy, '/cookies': cookies, '/dpa': dpa }
const text = (doc: typeof terms) =>
  `${doc.meta.dateLine} ${doc.html.replace(/<[^>]+>/g, '')}`
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

describe('legal texts', () => {
  it.each(legalFacts)('$page states $fact: "$text"', ({ page, text: words }) => {
    expect(text(documents[page])).toContain(words)
  })

  it('has about 20 sections of terms, 14 of privacy, and a contents entry per section', () => {
    expect(terms.toc).toHaveLength(20)
    expect(privacy.toc).toHaveLength(14)
    for (const doc of Object.values(documents)) {
      expect(doc.toc.length).toBeGreaterThanOrEqual(5)
      for (const entry of doc.toc) expect(doc.html).toContain(`<h2 id="${entry.id}">`)
    }
  })

  it('uses the brand and contact details of src/site.ts, with no token left unfilled', () => {
    for (const doc of Object.values(documents)) {
      expect(doc.html).not.toMatch(/@@\w+@@/)
      expect(doc.meta.summary).toContain(site.brand)
      expect(doc.html).toContain(site.email)
    }
  })

  it('never reuses an id of the page around it', () => {
    const pageIds = ['main', 'contact', 'services', 'footer-heading', 'toc-heading', 'growth-tips-heading']
    for (const doc of Object.values(documents)) for (const id of pageIds) expect(doc.html).not.toContain(`id="${id}"`)
  })
})
