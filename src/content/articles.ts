import type { ArticleSlug } from './article-slugs'

export type ArticleSummary = { id: number; slug: ArticleSlug; title: string; excerpt: string }

export const articleSummaries: ArticleSummary[] = [
  {
    id: 1,
    slug: 'boost-google-maps-listing',
    title: 'How to Boost Your Google Maps Listing',
    excerpt: 'Reviews, photos and fresh activity move your business up the local map pack. Here is what matters most.',
  },
  {
    id: 2,
    slug: 'get-more-customer-reviews',
    title: 'How to Get More Customer Reviews',
    excerpt: 'Ask at the right moment, make it one tap, and follow up. A simple system that turns happy customers into reviews.',
  },
  {
    id: 3,
    slug: 'importance-multiple-review-platforms',
    title: 'Why Multiple Review Platforms Matter',
    excerpt: 'Customers check more than one site before they buy. Being strong everywhere builds trust and visibility.',
  },
]

export const findArticle = (slug: string) => articleSummaries.find((article) => article.slug === slug)
