import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import { VetPage } from './-components/vet-page'

export const Route = createFileRoute('/vet1')({
  head: () => headFor('/vet1'),
  component: VetPage,
})
