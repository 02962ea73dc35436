import { describe, expect, it } from 'vitest'
import { isKnownPagePath } from '@/content/page-paths'
import { inSitemap, pages } from '@/content/pages'
import { articleSlugs } from '@/content/articles'
import { headFor } from '@/lib/page-meta'

describe('the page paths the leads function may redirect to', () => {
  it('know every article and nothing else', () => {
    for (const slug of articleSlugs) expect(isKnownPagePath(`/blog/${slug}`), slug).toBe(true)
    for (const path of ['', 'vet', '/vet/', '/vet?x', '//evil.test', '/blog/', '/blog/a/b', '/blog/Upper', '/blog/-x', '/nowhere'])
      expect(isKnownPagePath(path), path).toBe(false)
  })
})

describe.each(['/thanks', '/confirm'] as const)('the %s page', (path) => {
  it('is noindex, left out of the sitemap, and has its own head', () => {
    expect(inSitemap(pages[path])).toBe(false)
    const head = headFor(path)
    expect(head.meta).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(head.meta).toContainEqual({ title: pages[path].title })
  })
})
