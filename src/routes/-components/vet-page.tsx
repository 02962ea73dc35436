import { vetContent as c } from '@/content/landing'
import { LandingHero } from '@/ui/landing/landing-hero'
import { DeferredLeadCapture, DeferredVetSections } from './deferred-parts'

/** /vet and /vet1 show the same screen; only their head and lead source label differ. */
export function VetPage() {
  return (
    <>
      <LandingHero content={c.hero}>
        <DeferredLeadCapture variant="veterinary" />
      </LandingHero>
      <DeferredVetSections />
    </>
  )
}
