import { serializeJsonLd, type JsonLdGraph } from '@/lib/json-ld'

/** A social sharing image: a path on the site or an absolute URL, with its text alternative. */
export type SocialImage = { url: string; alt: string; width?: number; height?: number }

export type SeoInput = {
  title: string
  description: string
  /** Path of the page, starting with '/'. */
  path: string
  /** Absolute origin the canonical and social URLs are built on. */
  origin: string
  image?: SocialImage
  /** Open Graph type: articles are 'article', every other page 'website'. */
  type?: 'website' | 'article'
  /** Keep the page out of search results (a thank-you page); it is also left out of the sitemap. */
  noindex?: boolean
  /** Structured data, rendered as one `<script type="application/ld+json">` in the head. */
  jsonLd?: JsonLdGraph
}

type MetaTag = { title: string } | { name: string; content: string } | { property: string; content: string }
type LinkTag = { rel: string; href: string }
/** A data block, not executable: the build's Content-Security-Policy skips it by this exact type. */
type JsonLdScript = { type: 'application/ld+json'; children: string }

/** Social crawlers want 1200x630 (1.91:1) for large cards. */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const

export function canonicalUrl(origin: string, path: string): string {
  const clean = path === '/' ? '/' : path.replace(/\/+$/, '')
  return `${origin.replace(/\/$/, '')}${clean}`
}

export const absoluteUrl = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin.replace(/\/$/, '')}${pathOrUrl}`

function imageTags(origin: string, image: SocialImage): MetaTag[] {
  const url = absoluteUrl(origin, image.url)
  const { width, height } = { ...SOCIAL_IMAGE_SIZE, ...image }
  return [
    { property: 'og:image', content: url },
    { property: 'og:image:width', content: String(width) },
    { property: 'og:image:height', content: String(height) },
    { property: 'og:image:alt', content: image.alt },
  ]
}

/** Every tag a route puts in its head: title, description, robots, canonical, Open Graph, Twitter, JSON-LD. */
export function seo({ title, description, path, origin, image, type = 'website', noindex, jsonLd }: SeoInput): {
  meta: MetaTag[]
  links: LinkTag[]
  scripts?: JsonLdScript[]
} {
  const url = canonicalUrl(origin, path)
  const meta: MetaTag[] = [
    { title },
    { name: 'description', content: description },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? imageTags(origin, image) : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(image
      ? [
          { name: 'twitter:image', content: absoluteUrl(origin, image.url) },
          { name: 'twitter:image:alt', content: image.alt },
        ]
      : []),
  ]
  const links = [{ rel: 'canonical', href: url }]
  return jsonLd ? { meta, links, scripts: [{ type: 'application/ld+json', children: serializeJsonLd(jsonLd) }] } : { meta, links }
}
