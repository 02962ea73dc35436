/** The published blog slugs; prerendering writes one page for each. */
export const articleSlugs = ['boost-google-maps-listing', 'get-more-customer-reviews', 'importance-multiple-review-platforms'] as const

export type ArticleSlug = (typeof articleSlugs)[number]

export const isArticleSlug = (slug: string): slug is ArticleSlug => (articleSlugs as readonly string[]).includes(slug)
