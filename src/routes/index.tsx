import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { scrollToTop } from '@/lib/scroll'
import { LeadSection } from '@/ui/home/lead-section'
import { LogoStrip } from '@/ui/home/logo-strip'
import { ReviewsSection } from '@/ui/home/reviews-section'
import { SocialManagementSection } from '@/ui/home/social-management-section'
import { ReportsSection } from '@/ui/home/reports-section'
import { IndustriesSection } from '@/ui/home/industries-section'
import { LeadCapture } from './-components/lead-capture'

export const Route = createFileRoute('/')({
  head: () => headFor('/'),
  component: HomePage,
})

function HomePage() {
  return (
    <>
      <LeadSection>
        <LeadCapture />
      </LeadSection>
      <LogoStrip />
      <ReviewsSection />
      <SocialManagementSection />
      <ReportsSection />
      <IndustriesSection onBackToTop={scrollToTop} />
    </>
  )
}
