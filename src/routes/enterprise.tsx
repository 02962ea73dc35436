import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import { PageIntro } from '@/ui/layout/page-intro'
import { EnterpriseWizard } from './-components/enterprise-wizard'

export const Route = createFileRoute('/enterprise')({
  head: () => headFor('/enterprise'),
  component: EnterprisePage,
})

function EnterprisePage() {
  return (
    <>
      <PageIntro eyebrow="Enterprise" title="Enterprise Registration">
        Security, team management with role-based permissions, 24/7 priority support, advanced analytics and 2000+ integrations.
      </PageIntro>
      <div className="container-page pb-16 sm:pb-24">
        <EnterpriseWizard />
      </div>
    </>
  )
}
