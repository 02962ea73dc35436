import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/qrb')({
  head: () => headFor('/qrb'),
  component: QrbPage,
})

function QrbPage() {
  return (
    <PageIntro eyebrow="Dare Accounting partner offer" title="Exclusive Growth Offer for Dare Accounting Clients">
      The business growth package for \$390 per month instead of \$600: you save \$210 every month.
    </PageIntro>
  )
}
