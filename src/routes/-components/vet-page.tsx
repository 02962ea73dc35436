import { vetContent as c } from '@/content/landing'
import { veterinaryPartnerLogos } from '@/content/partner-logos'
import { veterinaryTestimonials } from '@/content/testimonials'
import { SectionIntro } from '@/ui/home/section-intro'
import { CheckTeaser } from '@/ui/check/check-teaser'
import { LandingHero } from '@/ui/landing/landing-hero'
import { PartnerLogoStrip } from '@/ui/landing/partner-logo-strip'
import { LeadCapture } from './lead-capture'
import { Testimonials } from './testimonials'
import { VetVideo } from './vet-video'

/** /vet and /vet1 show the same screen; only their head and lead source label differ. */
export function VetPage() {
  return (
    <>
      <LandingHero content={c.hero}>
        <LeadCapture variant="veterinary" />
      </LandingHero>
      <CheckTeaser id="vet-check-title" />
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
