import { describe, expect, it } from 'vitest'
import { absoluteUrl, canonicalUrl, seo } from '@/lib/seo'
import { jsonLdGraph } from '@/lib/json-ld'

const image = { url: '/og.png', alt: 'A card' }

describe('seo', () => {
  it('builds title, description, canonical and social tags from one input', () => {
    const head = seo({ title: 'T', description: 'D', path: '/vet', origin: 'https://a.example/' })
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://a.example/vet' }])
    expect(head.meta).toContainEqual({ title: 'T' })
    expect(head.meta).toContainEqual({ name: 'description', content: 'D' })
    expect(head.meta).toContainEqual({ property: 'og:type', content: 'website' })
    expect(head.meta).toContainEqual({ property: 'og:title', content: 'T' })
    expect(head.meta).toContainEqual({ property: 'og:description', content: 'D' })
    expect(head.meta).toContainEqual({ property: 'og:url', content: 'https://a.example/vet' })
    expect(head.meta).toContainEqual({ name: 'twitter:card', content: 'summary' })
    expect(head.meta).not.toContainEqual(expect.objectContaining({ name: 'robots' }))
    expect(head.scripts).toBeUndefined()
  })

  it('gives an image an absolute URL, its size (1200x630 by default), its alt text and a large twitter card', () => {
    const head = seo({ title: 'T', description: 'D', path: '/', origin: 'https://a.example', image })
    expect(head.meta).toEqual(
      expect.arrayContaining([
        { property: 'og:image', content: 'https://a.example/og.png' },
        { property: 'og:image:width', content: '1200' },
        { property: 'og:image:height', content: '630' },
        { property: 'og:image:alt', content: 'A card' },
        { name: 'twitter:card', content: 'summary_large_image' },
        { name: 'twitter:image', content: 'https://a.example/og.png' },
        { name: 'twitter:image:alt', content: 'A card' },
      ]),
    )
    const sized = seo({
      title: 'T',
      description: 'D',
      path: '/',
      origin: 'https://a.example',
      image: { ...image, width: 800, height: 418 },
    })
    expect(sized.meta).toContainEqual({ property: 'og:image:width', content: '800' })
  })

  it('keeps absolute image URLs as they are', () => {
    expect(absoluteUrl('https://a.example/', '/x.png')).toBe('https://a.example/x.png')
    expect(absoluteUrl('https://a.example', 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png')
  })

  it('marks articles and noindex pages', () => {
    const head = seo({ title: 'T', description: 'D', path: '/thanks', origin: 'https://a.example', type: 'article', noindex: true })
    expect(head.meta).toContainEqual({ property: 'og:type', content: 'article' })
    expect(head.meta).toContainEqual({ name: 'robots', content: 'noindex' })
  })

  it('renders structured data as one application/ld+json script that cannot close its element', () => {
    const graph = jsonLdGraph([{ '@type': 'Thing', name: '</script><b>&' }])
    const head = seo({ title: 'T', description: 'D', path: '/', origin: 'https://a.example', jsonLd: graph })
    expect(head.scripts).toHaveLength(1)
    const [script] = head.scripts!
    expect(script!.type).toBe('application/ld+json')
    expect(script!.children).not.toMatch(/[<>&]/)
    expect(JSON.parse(script!.children)).toEqual(graph)
  })

  it('normalises trailing slashes in canonical URLs but keeps the home slash', () => {
    expect(canonicalUrl('https://a.example', '/news/')).toBe('https://a.example/news')
    expect(canonicalUrl('https://a.example/', '/')).toBe('https://a.example/')
  })
})
