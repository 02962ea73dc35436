import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/news')({
  head: () => headFor('/news'),
  component: NewsPage,
})

function NewsPage() {
  return (
    <PageIntro eyebrow="Blog" title="Reviews and Reputation Insights">
      Practical guides for local businesses that want more reviews and more customers.
    </PageIntro>
  )
}
