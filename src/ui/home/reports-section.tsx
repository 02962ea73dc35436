import { reportsContent as c } from '@/content/home'
import { FeatureList } from '@/ui/home/feature-list'
import { ReportDashboard } from '@/ui/home/report-dashboard'
import { SectionIntro } from '@/ui/home/section-intro'
import { renderLater } from '@/lib/render-later'

export function ReportsSection() {
  return (
    <section {...renderLater} aria-labelledby="reports-title" className="relative isolate overflow-hidden bg-white py-16 sm:py-24">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(48rem_28rem_at_100%_50%,var(--color-brand-50),transparent_70%)]"
      />
      <div className="container-page grid grid-cols-[minmax(0,1fr)] items-center gap-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
        <div>
          <SectionIntro id="reports-title" {...c.intro} />
          <FeatureList items={c.features} columns={1} className="mt-10" />
        </div>
        <ReportDashboard />
      </div>
    </section>
  )
}
