import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import { LeadSection } from '@/ui/home/lead-section'
import { DeferredHomeSections, DeferredLeadCapture } from './-components/deferred-parts'

export const Route = createFileRoute('/')({
  head: () => headFor('/'),
  component: HomePage,
})

function HomePage() {
  return (
    <>
      <LeadSection>
        <DeferredLeadCapture />
      </LeadSection>
      <DeferredHomeSections />
    </>
  )
}
