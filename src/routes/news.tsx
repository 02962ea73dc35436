import { createFileRoute } from '@tanstack/react-router'
import { newsHead } from '@/lib/page-meta'
import { articles, formatArticleDate } from '@/content/articles'
import { PageIntro } from '@/ui/layout/page-intro'
import { ArticleGrid } from '@/ui/blog/article-grid'

export const Route = createFileRoute('/news')({
  head: newsHead,
  component: NewsPage,
})

function NewsPage() {
  return (
    <>
      <PageIntro eyebrow="Blog" title="Reviews and Reputation Insights">
        Practical guides for local businesses that want more reviews and more customers.
      </PageIntro>
      <div className="container-page pb-8">
        <ArticleGrid articles={articles.map((article) => ({ ...article, dateLabel: formatArticleDate(article.date) }))} />
      </div>
    </>
  )
}
