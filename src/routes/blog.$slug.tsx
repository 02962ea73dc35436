import { createFileRoute, redirect } from '@tanstack/react-router'
import { blogHeadFor } from '@/content/page-meta'
import { findArticle } from '@/content/articles'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/blog/$slug')({
  loader: ({ params }) => {
    const article = findArticle(params.slug)
    if (!article) throw redirect({ to: '/news', replace: true })
    return article
  },
  head: ({ params }) => blogHeadFor(params.slug),
  component: BlogPostPage,
})

function BlogPostPage() {
  const article = Route.useLoaderData()
  return (
    <PageIntro eyebrow="Blog" title={article.title}>
      {article.excerpt}
    </PageIntro>
  )
}
