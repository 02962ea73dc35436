import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import { PartnerPage } from './-components/partner-page'

export const Route = createFileRoute('/qrb')({
  head: () => headFor('/qrb'),
  component: QrbPage,
})

function QrbPage() {
  return <PartnerPage path="/qrb" />
}
