import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/schedule')({
  head: () => headFor('/schedule'),
  component: SchedulePage,
})

function SchedulePage() {
  return <PageIntro eyebrow="Book your strategy call" title="You're One Step Away">Pick a time that suits you for your free strategy call.</PageIntro>
}
