import { scrollToTop } from '@/lib/scroll'
import { LogoStrip } from '@/ui/home/logo-strip'
import { ReviewsSection } from '@/ui/home/reviews-section'
import { SocialManagementSection } from '@/ui/home/social-management-section'
import { ReportsSection } from '@/ui/home/reports-section'
import { IndustriesSection } from '@/ui/home/industries-section'
import { generalTestimonialsSection } from '@/content/landing'
import { generalTestimonials } from '@/content/testimonials'
import { CheckTeaser } from '@/ui/check/check-teaser'
import { Testimonials } from './testimonials'

/** Everything on the home page below the lead section. */
export function HomeSections() {
  return (
    <>
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
