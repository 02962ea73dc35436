import * as v from 'valibot'
import { checked } from './checked'

// SPEC §3 Testimonial. The figures are marketing data supplied by the agency; each "after" is the
// practice's count and rating some months into its review campaigns.
const text = v.pipe(v.string(), v.trim(), v.nonEmpty())
const rating = v.pipe(v.number(), v.minValue(1), v.maxValue(5))
const count = v.pipe(v.number(), v.integer(), v.minValue(0))

const TestimonialSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
    practice: text,
    text,
    author: v.object({
      name: text,
      role: text,
      image: v.pipe(v.string(), v.regex(/^\/images\/testimonials\/[a-z0-9-]+\.svg$/)),
    }),
    stats: v.object({
      beforeReviews: count,
      afterReviews: count,
      rating: v.object({ before: rating, after: rating }),
    }),
  }),
  v.check((t) => t.stats.afterReviews >= t.stats.beforeReviews, 'review counts only grow'),
)

export type Testimonial = v.InferOutput<typeof TestimonialSchema>

/** The portraits are drawn on one square canvas, so the card never shifts as they load. */
export const TESTIMONIAL_IMAGE_SIZE = 96

const Testimonials = v.pipe(v.array(TestimonialSchema), v.length(2))

export const veterinaryTestimonials: readonly Testimonial[] = checked(import.meta.env.SSR && Testimonials, [
  {
    id: 'harbourside-vet',
    practice: 'Harbourside Veterinary Clinic',
    text: 'Pet owners love us in the consult room, but hardly anyone left a review. Now every visit ends with a friendly text, and we have gone from the clinic nobody had heard of to the first vet people see on Google Maps.',
    author: { name: 'Dr Sarah Mitchell', role: 'Practice Owner', image: '/images/testimonials/sarah-mitchell.svg' },
    stats: { beforeReviews: 38, afterReviews: 412, rating: { before: 4.1, after: 4.9 } },
  },
  {
    id: 'greenfield-animal-hospital',
    practice: 'Greenfield Animal Hospital',
    text: 'With three locations, replying to reviews used to fall through the cracks. The AI drafts a kind, personal reply in minutes and I approve it from my phone between appointments. New clients mention our reviews every week.',
    author: { name: 'James Okafor', role: 'Practice Manager', image: '/images/testimonials/james-okafor.svg' },
    stats: { beforeReviews: 126, afterReviews: 689, rating: { before: 4.3, after: 4.8 } },
  },
])

export const generalTestimonials: readonly Testimonial[] = checked(import.meta.env.SSR && Testimonials, [
  {
    id: 'bright-smile-dental',
    practice: 'Bright Smile Dental',
    text: 'We were stuck on a handful of reviews for years. Within two months of switching on the SMS requests we overtook every dental practice in our suburb, and the phone has not stopped ringing since.',
    author: { name: 'Priya Nair', role: 'Clinic Director', image: '/images/testimonials/priya-nair.svg' },
    stats: { beforeReviews: 54, afterReviews: 331, rating: { before: 4.2, after: 4.9 } },
  },
  {
    id: 'reyes-plumbing',
    practice: 'Reyes Plumbing & Gas',
    text: 'My crew finishes a job, the customer gets a text, and the 5-star reviews roll in. The monthly report shows exactly which technician earns the most praise. It pays for itself many times over.',
    author: { name: 'Daniel Reyes', role: 'Owner', image: '/images/testimonials/daniel-reyes.svg' },
    stats: { beforeReviews: 19, afterReviews: 247, rating: { before: 3.9, after: 4.8 } },
  },
])
