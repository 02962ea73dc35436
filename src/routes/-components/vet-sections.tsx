import { vetContent as c } from '@/content/landing'
import { veterinaryPartnerLogos } from '@/content/partner-logos'
import { veterinaryTestimonials } from '@/content/testimonials'
import { SectionIntro } from '@/ui/home/section-intro'
import { PartnerLogoStrip } from '@/ui/landing/partner-logo-strip'
import { CheckTeaser } from '@/ui/check/check-teaser'
import { ReplyTeaser } from '@/ui/reply/reply-teaser'
import { Testimonials } from './testimonials'
import { VetVideo } from './vet-video'

/** Everything on /vet and /vet1 below the hero. */
export function VetSections() {
  return (
    <>
      <CheckTeaser id="vet-check-title" />
      <ReplyTeaser id="vet-reply-title" />
      <PartnerLogoStrip intro={c.partners} logos={veterinaryPartnerLogos} />
      <section aria-labelledby="vet-video-title" className="py-16 sm:py-20">
        <div className="container-page grid items-center gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <SectionIntro id="vet-video-title" {...c.video.section} />
          <VetVideo />
        </div>
      </section>
      <Testimonials id="vet-testimonials-title" intro={c.testimonials} testimonials={veterinaryTestimonials} />
    </>
  )
}
