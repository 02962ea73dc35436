import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/terms')({
  head: () => headFor('/terms'),
  component: TermsPage,
})

function TermsPage() {
  return (
    <PageIntro eyebrow="Legal" title="Terms of Service">
      Effective 23 April 2025.
    </PageIntro>
  )
}
