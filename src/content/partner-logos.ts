import * as v from 'valibot'
import { checked } from './checked'

/** One canvas for every badge, so the strip never shifts. Its own constant: importing the
 * integration logos' module would bring the simple-icons marks into the vet pages' chunk. */
export const PARTNER_LOGO_SIZE = { width: 160, height: 40 } as const

const LogoItemSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  url: v.pipe(v.string(), v.regex(/^\/images\/partners\/[a-z0-9-]+\.svg$/)),
  alt: v.pipe(v.string(), v.trim(), v.nonEmpty()),
})

export type PartnerLogo = v.InferOutput<typeof LogoItemSchema>

// SPEC §3: six entries. PLACEHOLDER wordmarks: replace with the partners' approved artwork.
export const veterinaryPartnerLogos: readonly PartnerLogo[] = checked(import.meta.env.SSR && v.pipe(v.array(LogoItemSchema), v.length(6)), [
  { id: 'pawpoint', url: '/images/partners/pawpoint.svg', alt: 'PawPoint' },
  { id: 'vetflow', url: '/images/partners/vetflow.svg', alt: 'VetFlow' },
  { id: 'petline-pharmacy', url: '/images/partners/petline-pharmacy.svg', alt: 'Petline Rx' },
  { id: 'clinicpulse', url: '/images/partners/clinicpulse.svg', alt: 'ClinicPulse' },
  { id: 'tailwag-insurance', url: '/images/partners/tailwag-insurance.svg', alt: 'Tailwag' },
  { id: 'vetlab-direct', url: '/images/partners/vetlab-direct.svg', alt: 'VetLab Direct' },
])
