import { createFileRoute, redirect } from '@tanstack/react-router'
import { blogHeadFor } from '@/lib/page-meta'
import { formatArticleDate, loadArticle } from '@/content/articles'
import { ArticleView } from '@/ui/blog/article-view'
import { GrowthTips } from '@/ui/blog/growth-tips'
import { DeferredLeadCapture } from './-components/deferred-parts'

export const Route = createFileRoute('/blog/$slug')({
  loader: async ({ params }) => {
    const article = await loadArticle(params.slug)
    // Replace: Back from /news returns to where the visitor was, never to the bad address.
    if (!article) throw redirect({ to: '/news', replace: true })
    return article
  },
  head: ({ params, loaderData }) => blogHeadFor(params.slug, loaderData?.meta),
  component: BlogPostPage,
})

function BlogPostPage() {
  const { meta, html } = Route.useLoaderData()
  return (
    <ArticleView {...meta} dateLabel={formatArticleDate(meta.date)} html={html}>
      <GrowthTips>
        <DeferredLeadCapture />
      </GrowthTips>
    </ArticleView>
  )
}
