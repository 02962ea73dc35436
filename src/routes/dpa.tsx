import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import legalText from '@/content/legal/dpa.md'
import { LegalDocument } from '@/ui/legal/legal-document'

export const Route = createFileRoute('/dpa')({
  head: () => headFor('/dpa'),
  component: DpaPage,
})

function DpaPage() {
  return <LegalDocument {...legalText.meta} toc={legalText.toc} html={legalText.html} />
}
