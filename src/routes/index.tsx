import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/')({
  head: () => headFor('/'),
  component: HomePage,
})

function HomePage() {
  return <PageIntro title="Get More 5-Star Reviews on Autopilot" />
}
