import { ArticleCard, type ArticleCardProps } from './article-card'

/** The /news card grid: one column on phones, three on wide screens. */
export function ArticleGrid({ articles }: { articles: readonly Omit<ArticleCardProps, 'eager'>[] }) {
  return (
    <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3" aria-label="Articles">
      {articles.map((article, index) => (
        <li key={article.slug} className="flex">
          <ArticleCard {...article} eager={index === 0} />
        </li>
      ))}
    </ul>
  )
}
