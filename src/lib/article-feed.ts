import { site, siteUrl } from '@/site'
import { canonicalUrl } from '@/lib/seo'
import { articles } from '@/content/articles'
import type { ArticleMeta } from '@/content/front-matter'
import { pages } from '@/content/pages'

// The articles as an Atom feed (RFC 4287), written by the build beside sitemap.xml from the same
// content as /news, and linked from the head of /news and every article.

export const FEED_PATH = '/feed.xml'

/** The `<link rel="alternate">` feed readers and browsers discover the feed by. */
export const feedLink = {
  rel: 'alternate',
  type: 'application/atom+xml',
  title: pages['/news'].title,
  href: canonicalUrl(siteUrl, FEED_PATH),
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char)

/** Articles carry a date, not a time: midnight UTC, the same on every build. */
const atomDate = (isoDate: string) => `${isoDate}T00:00:00Z`

export type FeedInput = { origin: string; title: string; subtitle: string; author: string; articles: readonly ArticleMeta[] }

/** The feed document: newest article first; its `updated` is the newest article's date, never the clock. */
export function atomFeed({ origin, title, subtitle, author, articles: entries }: FeedInput): string {
  const url = (path: string) => escapeXml(canonicalUrl(origin, path))
  const newest = entries.reduce((latest, article) => (article.date > latest ? article.date : latest), entries[0]?.date ?? '1970-01-01')
  const items = entries.map(
    (article) => `  <entry>
    <title>${escapeXml(article.title)}</title>
    <link rel="alternate" type="text/html" href="${url(`/blog/${article.slug}`)}"/>
    <id>${url(`/blog/${article.slug}`)}</id>
    <published>${atomDate(article.date)}</published>
    <updated>${atomDate(article.date)}</updated>
    <summary>${escapeXml(article.excerpt)}</summary>
  </entry>`,
  )
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>${escapeXml(title)}</title>
  <subtitle>${escapeXml(subtitle)}</subtitle>
  <link rel="self" type="application/atom+xml" href="${url(FEED_PATH)}"/>
  <link rel="alternate" type="text/html" href="${url('/news')}"/>
  <id>${url('/news')}</id>
  <updated>${atomDate(newest)}</updated>
  <author><name>${escapeXml(author)}</name></author>
${items.join('\n')}
</feed>
`
}

/** feed.xml of this site. */
export const feedXml = () =>
  atomFeed({ origin: siteUrl, title: pages['/news'].title, subtitle: pages['/news'].description, author: site.brand, articles })
