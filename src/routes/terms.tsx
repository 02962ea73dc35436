import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import legalText from '@/content/legal/terms.md'
import { LegalDocument } from '@/ui/legal/legal-document'

export const Route = createFileRoute('/terms')({
  head: () => headFor('/terms'),
  component: TermsPage,
})

function TermsPage() {
  return <LegalDocument {...legalText.meta} toc={legalText.toc} html={legalText.html} />
}
