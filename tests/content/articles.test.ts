import { describe, expect, it } from 'vitest'
import { articleSlugs, articles, findArticle, formatArticleDate, loadArticle } from '@/content/articles'

describe('the article collection', () => {
  it('holds the three articles of SPEC §2, newest first', () => {
    expect([...articleSlugs].sort()).toEqual([
      'boost-google-maps-listing',
      'get-more-customer-reviews',
      'importance-multiple-review-platforms',
    ])
    expect(new Set(articles.map((a) => a.id)).size).toBe(3)
    const dates = articles.map((a) => a.date)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it.each(['boost-google-maps-listing', 'get-more-customer-reviews', 'importance-multiple-review-platforms'])(
    '%s loads its body: 600 words or more of HTML, with its hero image',
    async (slug) => {
      const article = await loadArticle(slug)
      expect(article?.meta).toEqual(findArticle(slug))
      expect(article?.meta.image).toBe(`/images/blog/${slug}.svg`)
      const text = article!.html.replace(/<[^>]+>/g, ' ')
      expect(text.split(/\s+/).filter((w) => /[a-z0-9]/i.test(w)).length).toBeGreaterThanOrEqual(600)
      expect(article!.html).toMatch(/<h2 id="[a-z-]+">/)
    },
  )

  it('has no article for an unknown slug', async () => {
    expect(findArticle('nope')).toBeUndefined()
    expect(await loadArticle('nope')).toBeUndefined()
  })

  it('formats dates with a fixed locale in UTC, whatever the local time zone', () => {
    expect(formatArticleDate('2025-04-08')).toBe('8 April 2025')
    expect(formatArticleDate('2025-12-31')).toBe('31 December 2025')
    expect(formatArticleDate('2026-01-01')).toBe('1 January 2026')
  })
})
