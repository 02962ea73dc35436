export type SeoInput = {
  title: string
  description: string
  /** Path of the page, starting with '/'. */
  path: string
  /** Absolute origin the canonical and social URLs are built on. */
  origin: string
  image?: string
}

type MetaTag = { title: string } | { name: string; content: string } | { property: string; content: string }
type LinkTag = { rel: string; href: string }

export function canonicalUrl(origin: string, path: string): string {
  const clean = path === '/' ? '/' : path.replace(/\/+$/, '')
  return `${origin.replace(/\/$/, '')}${clean}`
}

/** Every tag a route puts in its head: title, description, canonical, Open Graph and Twitter. */
export function seo({ title, description, path, origin, image }: SeoInput): { meta: MetaTag[]; links: LinkTag[] } {
  const url = canonicalUrl(origin, path)
  const meta: MetaTag[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ]
  if (image) {
    const imageUrl = image.startsWith('http') ? image : `${origin.replace(/\/$/, '')}${image}`
    meta.push({ property: 'og:image', content: imageUrl }, { name: 'twitter:image', content: imageUrl })
  }
  return { meta, links: [{ rel: 'canonical', href: url }] }
}
