import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/konversable')({
  head: () => headFor('/konversable'),
  component: KonversablePage,
})

function KonversablePage() {
  return (
    <PageIntro eyebrow="Konversable partner offer" title="Exclusive Growth Offer for Konversable Clients">
      The business growth package for \$390 per month instead of \$600: you save \$210 every month.
    </PageIntro>
  )
}
