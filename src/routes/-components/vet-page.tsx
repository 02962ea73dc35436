import { PageIntro } from '@/ui/layout/page-intro'

/** /vet and /vet1 show the same screen; only their head and lead source label differ. */
export function VetPage() {
  return (
    <PageIntro eyebrow="For veterinary practices" title="More 5-Star Reviews for Your Veterinary Practice">
      Trusted by 50+ veterinary practices to turn happy pet owners into glowing reviews.
    </PageIntro>
  )
}
