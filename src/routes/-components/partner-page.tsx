import { generalTestimonialsSection, partnerPages } from '@/content/landing'
import { offerFigures, partnerOffer } from '@/content/partner-offer'
import { generalTestimonials } from '@/content/testimonials'
import { LandingHero } from '@/ui/landing/landing-hero'
import { OfferCard } from '@/ui/landing/offer-card'
import { DeferredLeadCapture, DeferredTestimonials } from './deferred-parts'

/** /qrb and /konversable: the partner's offer, the lead form, and the general testimonials. */
export function PartnerPage({ path }: { path: keyof typeof partnerPages }) {
  const figures = offerFigures(partnerOffer)
  return (
    <>
      <LandingHero content={partnerPages[path]} badge={<OfferBadge price={figures.price} regular={figures.regular} />}>
        <DeferredLeadCapture submitLabel={`Claim My ${figures.price} Offer`} />
      </LandingHero>
      <OfferCard name={partnerOffer.name} includes={partnerOffer.includes} {...figures} />
      <DeferredTestimonials id="partner-testimonials-title" intro={generalTestimonialsSection} testimonials={generalTestimonials} later />
    </>
  )
}

function OfferBadge({ price, regular }: { price: string; regular: string }) {
  return (
    <p className="inline-flex items-baseline gap-2 rounded-2xl bg-white/10 px-4 py-2 ring-1 ring-white/15">
      <span className="text-3xl font-extrabold text-white">{price}</span>
      <span className="text-brand-100">per month</span>
      <span className="text-brand-200">
        instead of <s>{regular}</s>
      </span>
    </p>
  )
}
