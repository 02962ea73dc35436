import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/cookies')({
  head: () => headFor('/cookies'),
  component: CookiesPage,
})

function CookiesPage() {
  return (
    <PageIntro eyebrow="Legal" title="Cookie Policy">
      Effective 23 April 2025.
    </PageIntro>
  )
}
