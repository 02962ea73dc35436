import { createFileRoute } from '@tanstack/react-router'
import { headFor } from '@/content/page-meta'
import { scrollToTop } from '@/lib/scroll'
import { LeadSection } from '@/ui/home/lead-section'
import { LogoStrip } from '@/ui/home/logo-strip'
import { ReviewsSection } from '@/ui/home/reviews-section'
import { SocialManagementSection } from '@/ui/home/social-management-section'
import { ReportsSection } from '@/ui/home/reports-section'
import { IndustriesSection } from '@/ui/home/industries-section'
import { generalTestimonialsSection } from '@/content/landing'
import { generalTestimonials } from '@/content/testimonials'
import { CheckTeaser } from '@/ui/check/check-teaser'
import { LeadCapture } from './-components/lead-capture'
import { Testimonials } from './-components/testimonials'

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
      <CheckTeaser id="home-check-title" />
      <LogoStrip />
      <ReviewsSection />
      <Testimonials id="home-testimonials-title" intro={generalTestimonialsSection} testimonials={generalTestimonials} />
      <SocialManagementSection />
      <ReportsSection />
      <IndustriesSection onBackToTop={scrollToTop} />
    </>
  )
}
