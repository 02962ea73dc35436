import * as v from 'valibot'
import { checked } from './checked'

/** Keys into the industry icon set drawn by `IndustryIcon`. */
export const industryIconNames = [
  'healthcare',
  'real-estate',
  'home-services',
  'professional-services',
  'retail',
  'legal',
  'financial-services',
  'automotive',
  'personal-services',
] as const

export type IndustryIconName = (typeof industryIconNames)[number]

const IndustrySchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(40)),
  icon: v.picklist(industryIconNames),
  description: v.pipe(v.string(), v.trim(), v.minLength(40), v.maxLength(140)),
})

export type Industry = v.InferOutput<typeof IndustrySchema>

// SPEC §1 names nine industries; the home page shows one card for each.
const IndustriesSchema = v.pipe(v.array(IndustrySchema), v.length(9))

export const industries: readonly Industry[] = checked(import.meta.env.SSR && IndustriesSchema, [
  {
    name: 'Healthcare',
    icon: 'healthcare',
    description: 'Clinics, dentists and vets: turn every appointment into a review and fill the diary with patients who trust you.',
  },
  {
    name: 'Real Estate',
    icon: 'real-estate',
    description: 'Win more listings with reviews that prove your agents sell faster, communicate better and get the best price.',
  },
  {
    name: 'Home Services',
    icon: 'home-services',
    description: 'Plumbers, electricians and builders: get reviewed the moment the job is done and rise to the top of the local map.',
  },
  {
    name: 'Professional Services',
    icon: 'professional-services',
    description: 'Accountants, consultants and agencies: build the credibility that turns a search into an enquiry.',
  },
  {
    name: 'Retail',
    icon: 'retail',
    description: 'Turn in-store and online shoppers into reviewers who bring new customers through your door.',
  },
  {
    name: 'Legal',
    icon: 'legal',
    description: 'Show prospective clients the trust your firm has earned, and answer every review with a measured, professional reply.',
  },
  {
    name: 'Financial Services',
    icon: 'financial-services',
    description: 'Advisers, brokers and lenders: reviews that show you are trustworthy before the first call.',
  },
  {
    name: 'Automotive',
    icon: 'automotive',
    description: 'Dealerships, mechanics and detailers: collect 5-star reviews after every sale, service and repair.',
  },
  {
    name: 'Personal Services',
    icon: 'personal-services',
    description: 'Salons, spas, gyms and studios: keep the book full with a rating that stands out in every search.',
  },
])
