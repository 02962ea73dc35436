import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import legalText from '@/content/legal/cookies.md'
import { LegalDocument } from '@/ui/legal/legal-document'

export const Route = createFileRoute('/cookies')({
  head: () => headFor('/cookies'),
  component: CookiesPage,
})

function CookiesPage() {
  return <LegalDocument {...legalText.meta} toc={legalText.toc} html={legalText.html} />
}
