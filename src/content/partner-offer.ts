import * as v from 'valibot'
import { checked } from './checked'
import { wholeDollars } from '@/lib/whole-dollars'

// SPEC §1 and §9: the partner pages' offer. The saving is derived, never typed, so the three
// figures cannot disagree.
const OfferSchema = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.nonEmpty()),
    monthlyPrice: v.pipe(v.number(), v.integer(), v.minValue(1)),
    regularPrice: v.pipe(v.number(), v.integer(), v.minValue(1)),
    currency: v.literal('USD'),
    includes: v.pipe(v.array(v.pipe(v.string(), v.nonEmpty())), v.minLength(3)),
  }),
  v.check((o) => o.monthlyPrice < o.regularPrice, 'the offer price must be below the regular price'),
)

export type PartnerOffer = v.InferOutput<typeof OfferSchema>

export const partnerOffer: PartnerOffer = checked(import.meta.env.SSR && OfferSchema, {
  name: 'Business growth package',
  monthlyPrice: 390,
  regularPrice: 600,
  currency: 'USD',
  includes: [
    'Automated SMS review requests after every visit',
    'AI-drafted replies to every review, approved by you',
    'Social posts for every location, every week',
    'Review widget for your website',
    'Monthly report with your reviews, ratings and conversions',
  ],
})

/** Whole US dollars: 390 -> "US$390". */
export const formatPrice = wholeDollars

export const monthlySaving = (offer: PartnerOffer) => offer.regularPrice - offer.monthlyPrice

/** The offer as the pages display it; every figure comes from the offer above. */
export function offerFigures(offer: PartnerOffer = partnerOffer) {
  return {
    price: formatPrice(offer.monthlyPrice),
    regular: formatPrice(offer.regularPrice),
    saving: formatPrice(monthlySaving(offer)),
    summary: `${offer.name} at ${formatPrice(offer.monthlyPrice)} per month instead of ${formatPrice(offer.regularPrice)}, saving ${formatPrice(monthlySaving(offer))} per month`,
  }
}
