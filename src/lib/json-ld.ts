// Schema.org structured data for the prerendered head. Pure builders: every input is explicit, so the
// output is the same at build and in the browser. No AggregateRating or Review: search engines treat
// an organisation's ratings of itself as self-serving and ignore or penalise them.

export type JsonLdNode = { '@type': string; '@id'?: string; [key: string]: unknown }
export type JsonLdGraph = { '@context': 'https://schema.org'; '@graph': JsonLdNode[] }

export type OrganizationInput = {
  origin: string
  name: string
  /** Absolute URL of a raster logo. */
  logo: string
  telephone: string
  email: string
  sameAs: readonly string[]
}

export type BlogPostingInput = {
  origin: string
  url: string
  headline: string
  description: string
  /** Absolute URL of the post's image. */
  image: string
  /** ISO date from the front matter. */
  datePublished: string
}

const base = (origin: string) => origin.replace(/\/$/, '')

/** Stable node ids, so the nodes of one page (and of the whole site) refer to each other. */
export const organizationId = (origin: string) => `${base(origin)}/#organization`
export const webSiteId = (origin: string) => `${base(origin)}/#website`

const organizationRef = (origin: string, name: string) => ({
  '@type': 'Organization',
  '@id': organizationId(origin),
  name,
  url: `${base(origin)}/`,
})

export function organizationLd({ origin, name, logo, telephone, email, sameAs }: OrganizationInput): JsonLdNode {
  return {
    '@type': 'Organization',
    '@id': organizationId(origin),
    name,
    url: `${base(origin)}/`,
    logo,
    telephone,
    email,
    sameAs: [...sameAs],
  }
}

export function webSiteLd({ origin, name }: { origin: string; name: string }): JsonLdNode {
  return { '@type': 'WebSite', '@id': webSiteId(origin), name, url: `${base(origin)}/`, publisher: { '@id': organizationId(origin) } }
}

export function blogPostingLd(post: BlogPostingInput, organizationName: string): JsonLdNode {
  const author = organizationRef(post.origin, organizationName)
  return {
    '@type': 'BlogPosting',
    '@id': `${post.url}#article`,
    headline: post.headline,
    description: post.description,
    image: post.image,
    datePublished: post.datePublished,
    author,
    publisher: author,
    mainEntityOfPage: { '@type': 'WebPage', '@id': post.url },
    url: post.url,
  }
}

export const jsonLdGraph = (nodes: JsonLdNode[]): JsonLdGraph => ({ '@context': 'https://schema.org', '@graph': nodes })

/** 'tel:1300555019' -> '1300555019', 'tel:+61422470721' -> '+61422470721': as telHref dials it. */
export const telephoneOf = (href: string) => href.replace(/^tel:/, '')

/** JSON for an inline script: '<', '>' and '&' escaped, so no text in the data can close the script element. */
export const serializeJsonLd = (graph: JsonLdGraph) =>
  JSON.stringify(graph).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
