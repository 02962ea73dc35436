import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/x18')({
  head: () => headFor('/x18'),
  component: DesignPage,
})

function DesignPage() {
  return (
    <PageIntro eyebrow="Design services" title="Design That Turns Visitors Into Customers">
      Websites, branding and creative from the team trusted by 99+ happy clients.
    </PageIntro>
  )
}
