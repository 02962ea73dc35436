// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { articles } from '@/content/articles'
import { atomFeed, feedXml } from '@/lib/article-feed'

const ATOM = 'http://www.w3.org/2005/Atom'
const ORIGIN = 'https://www.reviewlift.example'

/** Parses as XML, failing on anything not well-formed (the parser's error document). */
function parseXml(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, 'application/xml')
  const error = doc.getElementsByTagName('parsererror')[0]
  if (error) throw new Error(`not well-formed: ${error.textContent}`)
  return doc
}

const children = (parent: Element | Document, name: string) =>
  [...parent.childNodes].filter((node): node is Element => node.nodeType === 1 && (node as Element).localName === name)
const text = (parent: Element, name: string) => children(parent, name)[0]?.textContent
const linkOf = (parent: Element, rel: string) => children(parent, 'link').find((link) => link.getAttribute('rel') === rel)

describe('the articles feed (Atom)', () => {
  const feed = parseXml(feedXml()).documentElement
  const entries = children(feed, 'entry')

  it('is a well-formed Atom document with the required feed elements and absolute URLs', () => {
    expect(feed.localName).toBe('feed')
    expect(feed.namespaceURI).toBe(ATOM)
    expect(text(feed, 'title')).toBe('Blog: Reviews and Reputation Tips | ReviewLift')
    expect(text(feed, 'id')).toBe(`${ORIGIN}/news`)
    expect(linkOf(feed, 'self')?.getAttribute('href')).toBe(`${ORIGIN}/feed.xml`)
    expect(linkOf(feed, 'alternate')?.getAttribute('href')).toBe(`${ORIGIN}/news`)
    expect(text(children(feed, 'author')[0]!, 'name')).toBe('ReviewLift')
    expect(text(feed, 'updated')).toBe(`${articles[0]!.date}T00:00:00Z`)
  })

  it('has one entry per article, newest first, each with its title, absolute link, id, dates and excerpt', () => {
    expect(entries).toHaveLength(articles.length)
    entries.forEach((entry, index) => {
      const article = articles[index]!
      const url = `${ORIGIN}/blog/${article.slug}`
      expect(text(entry, 'title')).toBe(article.title)
      expect(linkOf(entry, 'alternate')?.getAttribute('href')).toBe(url)
      expect(text(entry, 'id')).toBe(url)
      expect(text(entry, 'published')).toBe(`${article.date}T00:00:00Z`)
      expect(text(entry, 'updated')).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/)
      expect(text(entry, 'summary')).toBe(article.excerpt)
    })
  })

  it('escapes what XML reserves and builds every URL on the origin it is given', () => {
    expect(() => parseXml('<feed><entry></feed>')).toThrow(/not well-formed/)
    const tricky = { ...articles[0]!, title: 'Reviews <b>& "ratings"</b>', excerpt: "Owners' Q&A", slug: 'q-and-a' }
    const doc = parseXml(atomFeed({ origin: 'https://example.org/', title: 'A & B', subtitle: '<x>', author: 'R&L', articles: [tricky] }))
    const [entry] = children(doc.documentElement, 'entry')
    expect(text(entry!, 'title')).toBe(tricky.title)
    expect(text(entry!, 'summary')).toBe(tricky.excerpt)
    expect(text(doc.documentElement, 'title')).toBe('A & B')
    expect(linkOf(entry!, 'alternate')?.getAttribute('href')).toBe('https://example.org/blog/q-and-a')
  })
})
