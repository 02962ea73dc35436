import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'

export const Route = createFileRoute('/privacy')({
  head: () => headFor('/privacy'),
  component: PrivacyPage,
})

function PrivacyPage() {
  return (
    <PageIntro eyebrow="Legal" title="Privacy Policy">
      Dated 15/05/2025.
    </PageIntro>
  )
}
