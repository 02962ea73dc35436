import { scrollToTop } from '@/lib/scroll'
import { LogoStrip } from '@/ui/home/logo-strip'
import { ReviewsSection } from '@/ui/home/reviews-section'
import { SocialManagementSection } from '@/ui/home/social-management-section'
import { ReportsSection } from '@/ui/home/reports-section'
import { IndustriesSection } from '@/ui/home/industries-section'
import { generalTestimonialsSection } from '@/content/landing'
import { generalTestimonials } from '@/content/testimonials'
import { reviewCheckTeaser } from '@/content/review-check-teaser'
import { ToolTeaser } from '@/ui/tools/tool-teaser'
import { Testimonials } from './testimonials'

/** Everything on the home page below the lead section. */
export function HomeSections() {
  return (
    <>
      <ToolTeaser id="home-check-title" to="/check" copy={reviewCheckTeaser} primary />
      <LogoStrip />
      <ReviewsSection />
      <Testimonials id="home-testimonials-title" intro={generalTestimonialsSection} testimonials={generalTestimonials} later />
      <SocialManagementSection />
      <ReportsSection />
      <IndustriesSection onBackToTop={scrollToTop} />
    </>
  )
}
