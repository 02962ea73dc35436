import { siteUrl } from '@/site'
import { canonicalUrl } from '@/lib/seo'
import { articlePageTitle, articleSlugs, findArticle } from '@/content/articles'
import { inSitemap, isNoindex, pages, routePaths, type RoutePath } from '@/content/pages'

/** One HTML file the build writes: its URL path and the route (file) that renders it. */
export type PrerenderTarget = { path: string; route: RoutePath; title: string; canonical: string; inSitemap: boolean; noindex: boolean }

/** Route params per dynamic route, from the content collections. */
const paramValues: Partial<Record<RoutePath, readonly string[]>> = { '/blog/$slug': articleSlugs }

/** The served title: an article's own before the generic blog title (DESIGN.md deviation 8). */
const titleOf = (path: string, pageTitle: string) => {
  const article = path.startsWith('/blog/') ? findArticle(path.slice('/blog/'.length)) : undefined
  return article ? articlePageTitle(article) : pageTitle
}

/** Every page the build prerenders: each static route, and each dynamic route once per content item. */
export const prerenderTargets: PrerenderTarget[] = routePaths.flatMap((route) => {
  const page = pages[route]
  const paths = route.includes('$') ? (paramValues[route] ?? []).map((value) => route.replace(/\$[a-z]+/i, value)) : [route]
  return paths.map((path) => ({
    path,
    route,
    title: titleOf(path, page.title),
    canonical: canonicalUrl(siteUrl, page.canonical ?? path),
    inSitemap: inSitemap(page),
    noindex: isNoindex(page),
  }))
})

/** A path no route matches: rendering it gives the not-found page for 404.html. */
export const notFoundProbe = '/__not-found__'

/** sitemap.xml: the canonical URL of every indexable page once (variants like /vet1 and `index: false` pages left out). */
export function sitemapXml(): string {
  const urls = [...new Set(prerenderTargets.filter((target) => target.inSitemap).map((target) => target.canonical))]
  const entries = urls.map((url) => `  <url><loc>${url}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`
}

/** robots.txt: every crawler may fetch everything; the sitemap is named by its absolute URL. */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${canonicalUrl(siteUrl, '/sitemap.xml')}\n`
}
