import { describe, expect, it } from 'vitest'
import { blogPostingLd, jsonLdGraph, organizationId, organizationLd, telephoneOf, webSiteLd } from '@/lib/json-ld'

const origin = 'https://a.example/'
const organization = organizationLd({
  origin,
  name: 'Acme',
  logo: 'https://a.example/logo.png',
  telephone: '+61100',
  email: 'hi@a.example',
  sameAs: ['https://social.example/acme'],
})

describe('JSON-LD builders', () => {
  it('describe the organisation with a stable id, its contacts and social profiles', () => {
    expect(organization).toEqual({
      '@type': 'Organization',
      '@id': 'https://a.example/#organization',
      name: 'Acme',
      url: 'https://a.example/',
      logo: 'https://a.example/logo.png',
      telephone: '+61100',
      email: 'hi@a.example',
      sameAs: ['https://social.example/acme'],
    })
  })

  it('name the organisation as the publisher of the website', () => {
    expect(webSiteLd({ origin, name: 'Acme' })).toEqual({
      '@type': 'WebSite',
      '@id': 'https://a.example/#website',
      name: 'Acme',
      url: 'https://a.example/',
      publisher: { '@id': organizationId(origin) },
    })
  })

  it('describe a blog post from its front matter, by and for the organisation', () => {
    const url = 'https://a.example/blog/p'
    const post = blogPostingLd(
      { origin, url, headline: 'H', description: 'D', image: 'https://a.example/p.png', datePublished: '2025-04-08' },
      'Acme',
    )
    expect(post).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'H',
      description: 'D',
      image: 'https://a.example/p.png',
      datePublished: '2025-04-08',
      author: { '@type': 'Organization', '@id': organizationId(origin), name: 'Acme' },
      publisher: { '@type': 'Organization', '@id': organizationId(origin), name: 'Acme' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    })
  })

  it('never hold self-serving ratings or reviews', () => {
    const text = JSON.stringify(jsonLdGraph([organization, webSiteLd({ origin, name: 'Acme' })]))
    expect(text).not.toMatch(/AggregateRating|"Review"|reviewRating/)
  })

  it('take the number out of a tel: link', () => {
    expect(telephoneOf('tel:1300555019')).toBe('1300555019')
    expect(telephoneOf('tel:+61422470721')).toBe('+61422470721')
  })
})
