import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import legalText from '@/content/legal/privacy.md'
import { LegalDocument } from '@/ui/legal/legal-document'

export const Route = createFileRoute('/privacy')({
  head: () => headFor('/privacy'),
  component: PrivacyPage,
})

function PrivacyPage() {
  return <LegalDocument {...legalText.meta} toc={legalText.toc} html={legalText.html} />
}
