import type { ArticleMeta } from '@/content/front-matter'
import { pages } from '@/content/pages'

// The article collection: one Markdown file per article in ./articles, validated and rendered at
// build. Lists read only the front matter (`?meta`); each body is its own chunk, loaded by its page.
const metas = import.meta.glob<ArticleMeta>('./articles/*.md', { eager: true, query: '?meta', import: 'default' })
const bodies = import.meta.glob<string>('./articles/*.md', { import: 'html' })

const fileOf = (slug: string) => `./articles/${slug}.md`

// This module is evaluated with every page's script (the head's article titles), so it creates
// nothing from Intl until used: localeCompare and a DateTimeFormat each load ICU data, a long task.
const newestFirst = (a: ArticleMeta, b: ArticleMeta) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)

/** Newest first (ISO dates sort as text); ties keep file order. Dates are content, never the clock. */
export const articles: readonly ArticleMeta[] = Object.values(metas).sort(newestFirst)

export const articleSlugs = articles.map((article) => article.slug)

export const findArticle = (slug: string) => articles.find((article) => article.slug === slug)

export type Article = { meta: ArticleMeta; html: string }

/** The article with its rendered body, or undefined for an unknown slug. */
export async function loadArticle(slug: string): Promise<Article | undefined> {
  const meta = findArticle(slug)
  const body = bodies[fileOf(slug)]
  return meta && body ? { meta, html: await body() } : undefined
}

let articleDate: Intl.DateTimeFormat | undefined

/** '2025-03-14' -> '14 March 2025', the same on the server and in every browser (fixed locale, UTC). */
export const formatArticleDate = (iso: string) =>
  (articleDate ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).format(
    new Date(iso),
  )

/**
 * An article page's title: its own title, then the spec's generic blog title (DESIGN.md deviation 8),
 * so articles do not compete with each other in search and a shared link keeps its headline.
 */
export const articlePageTitle = (article: Pick<ArticleMeta, 'title'>) => `${article.title} | ${pages['/blog/$slug'].title}`
