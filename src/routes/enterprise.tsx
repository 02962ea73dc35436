import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import { pageIntros } from '@/content/page-intros'
import { PageIntro } from '@/ui/layout/page-intro'
import { EnterpriseWizard } from './-components/enterprise-wizard'

export const Route = createFileRoute('/enterprise')({
  head: () => headFor('/enterprise'),
  component: EnterprisePage,
})

function EnterprisePage() {
  return (
    <>
      <PageIntro eyebrow={pageIntros.enterprise.eyebrow} title={pageIntros.enterprise.title}>
        {pageIntros.enterprise.text}
      </PageIntro>
      <div className="container-page pb-16 sm:pb-24">
        <EnterpriseWizard />
      </div>
    </>
  )
}
