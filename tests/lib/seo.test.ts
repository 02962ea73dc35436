import { describe, expect, it } from 'vitest'
import { canonicalUrl, seo } from '@/lib/seo'

describe('seo', () => {
  it('builds title, description, canonical and social tags from one input', () => {
    const head = seo({ title: 'T', description: 'D', path: '/vet', origin: 'https://a.example/' })
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://a.example/vet' }])
    expect(head.meta).toContainEqual({ title: 'T' })
    expect(head.meta).toContainEqual({ name: 'description', content: 'D' })
    expect(head.meta).toContainEqual({ property: 'og:title', content: 'T' })
    expect(head.meta).toContainEqual({ property: 'og:description', content: 'D' })
    expect(head.meta).toContainEqual({ property: 'og:url', content: 'https://a.example/vet' })
    expect(head.meta).toContainEqual({ name: 'twitter:card', content: 'summary' })
  })

  it('makes image URLs absolute and uses a large twitter card for them', () => {
    const head = seo({ title: 'T', description: 'D', path: '/', origin: 'https://a.example', image: '/og.png' })
    expect(head.meta).toContainEqual({ property: 'og:image', content: 'https://a.example/og.png' })
    expect(head.meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
  })

  it('normalises trailing slashes in canonical URLs but keeps the home slash', () => {
    expect(canonicalUrl('https://a.example', '/news/')).toBe('https://a.example/news')
    expect(canonicalUrl('https://a.example/', '/')).toBe('https://a.example/')
  })
})
