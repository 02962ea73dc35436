import { vetContent as c } from '@/content/landing'
import { veterinaryPartnerLogos } from '@/content/partner-logos'
import { veterinaryTestimonials } from '@/content/testimonials'
import { SectionIntro } from '@/ui/home/section-intro'
import { PartnerLogoStrip } from '@/ui/landing/partner-logo-strip'
import { reviewCheckTeaser } from '@/content/review-check-teaser'
import { ToolTeaser } from '@/ui/tools/tool-teaser'
import { aiReplyTeaser } from '@/content/ai-reply-teaser'
import { Testimonials } from './testimonials'
import { VetVideo } from './vet-video'
import { renderLater } from '@/lib/render-later'

/** Everything on /vet and /vet1 below the hero. */
export function VetSections() {
  return (
    <>
      <ToolTeaser id="vet-check-title" to="/check" copy={reviewCheckTeaser} primary />
      <ToolTeaser id="vet-reply-title" to="/reply" copy={aiReplyTeaser} />
      <PartnerLogoStrip intro={c.partners} logos={veterinaryPartnerLogos} />
      <section {...renderLater} aria-labelledby="vet-video-title" className="py-16 sm:py-20">
        <div className="container-page grid grid-cols-[minmax(0,1fr)] items-center gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <SectionIntro id="vet-video-title" {...c.video.section} />
          <VetVideo />
        </div>
      </section>
      <Testimonials id="vet-testimonials-title" intro={c.testimonials} testimonials={veterinaryTestimonials} later />
    </>
  )
}
