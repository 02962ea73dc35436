import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import { PartnerPage } from './-components/partner-page'

export const Route = createFileRoute('/konversable')({
  head: () => headFor('/konversable'),
  component: KonversablePage,
})

function KonversablePage() {
  return <PartnerPage path="/konversable" />
}
