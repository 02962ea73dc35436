import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/dpa')({
  head: () => headFor('/dpa'),
  component: DpaPage,
})

function DpaPage() {
  return (
    <PageIntro eyebrow="Legal" title="Data Processing Agreement">
      Effective 23 April 2025, with our generative AI policy.
    </PageIntro>
  )
}
