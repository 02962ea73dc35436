import { siteUrl } from '@/site'
import { seo } from '@/lib/seo'
import { pages, type StaticPath } from '@/content/pages'

/** Paths with their own head values; every route but the article template (src/content/pages.ts). */
export type MetaPath = StaticPath

/** Head tags of a page from the table; a page with a canonical path points there (/vet1 -> /vet). */
export const headFor = (path: MetaPath) => {
  const page = pages[path]
  return seo({ title: page.title, description: page.description, path: page.canonical ?? path, origin: siteUrl })
}

/** Blog posts share one generic title (SPEC §2), each with its own URL and, when given, its image. */
export const blogHeadFor = (slug: string, image?: string) => {
  const page = pages['/blog/$slug']
  return seo({ title: page.title, description: page.description, path: `/blog/${slug}`, origin: siteUrl, image })
}
