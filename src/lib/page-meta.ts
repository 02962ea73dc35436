import { site, siteUrl } from '@/site'
import { absoluteUrl, canonicalUrl, seo } from '@/lib/seo'
import { blogPostingLd, jsonLdGraph, organizationLd, telephoneOf, webSiteLd, type JsonLdNode } from '@/lib/json-ld'
import { articleImagePng, logoPng, ogImages } from '@/content/og-images'
import type { ArticleMeta } from '@/content/front-matter'
import { articlePageTitle } from '@/content/articles'
import { feedLink } from '@/lib/article-feed'
import { isNoindex, pages, type StaticPath } from '@/content/pages'

/** Paths with their own head values; every route but the article template (src/content/pages.ts). */
export type MetaPath = StaticPath

const organization = organizationLd({
  origin: siteUrl,
  name: site.brand,
  logo: absoluteUrl(siteUrl, logoPng),
  telephone: telephoneOf(site.phone.href),
  email: site.email,
  sameAs: site.social.map((link) => link.href),
})

/**
 * Structured data of a page: the Organization on every page (so each page names its publisher by the
 * same @id), the WebSite beside it on the home page only, where search engines read the site name.
 */
export const pageJsonLd = (path: MetaPath, ...nodes: JsonLdNode[]) =>
  jsonLdGraph([organization, ...(path === '/' ? [webSiteLd({ origin: siteUrl, name: site.brand })] : []), ...nodes])

/** Head tags of a page from the table; a page with a canonical path points there (/vet1 -> /vet). */
export const headFor = (path: MetaPath) => {
  const page = pages[path]
  return seo({
    title: page.title,
    description: page.description,
    path: page.canonical ?? path,
    origin: siteUrl,
    image: ogImages[page.image],
    noindex: isNoindex(page),
    jsonLd: pageJsonLd(path),
  })
}

/**
 * Blog posts: the article's title before the generic blog title of SPEC §2 (DESIGN.md deviation 8),
 * each with its own URL, image and BlogPosting data, and the articles' feed linked.
 */
export const blogHeadFor = (slug: string, article?: ArticleMeta) => {
  const page = pages['/blog/$slug']
  const path = `/blog/${slug}`
  if (!article) return seo({ title: page.title, description: page.description, path, origin: siteUrl, image: ogImages[page.image] })
  const title = articlePageTitle(article)
  const image = { url: articleImagePng(article.image), alt: article.imageAlt }
  const posting = blogPostingLd(
    {
      origin: siteUrl,
      url: canonicalUrl(siteUrl, path),
      headline: title,
      description: article.excerpt,
      image: absoluteUrl(siteUrl, image.url),
      datePublished: article.date,
    },
    site.brand,
  )
  const head = seo({
    title,
    description: page.description,
    path,
    origin: siteUrl,
    image,
    type: 'article',
    jsonLd: jsonLdGraph([organization, posting]),
  })
  return { ...head, links: [...head.links, feedLink] }
}

/** /news: its head from the table, with the articles' feed linked. */
export const newsHead = () => {
  const head = headFor('/news')
  return { ...head, links: [...head.links, feedLink] }
}
