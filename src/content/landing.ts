import * as v from 'valibot'
import { checked } from './checked'
import { offerFigures } from '@/content/partner-offer'

// Copy of the landing pages (/vet, /vet1, /qrb, /konversable, /x18). Figures are SPEC §1's.
const text = v.pipe(v.string(), v.trim(), v.nonEmpty())
const texts = (min: number, max: number) => v.pipe(v.array(text), v.minLength(min), v.maxLength(max))

const HeroSchema = v.object({
  eyebrow: text,
  headline: v.object({ before: text, highlight: text, after: v.string() }),
  lead: text,
  points: texts(2, 4),
  trust: v.object({ value: text, label: text }),
  formTitle: text,
  formText: text,
})
export type LandingHero = v.InferOutput<typeof HeroSchema>

const SectionSchema = v.object({ eyebrow: text, title: text, lead: text })
export type LandingSection = v.InferOutput<typeof SectionSchema>

export const vetContent = checked(
  import.meta.env.SSR &&
    v.object({
      hero: HeroSchema,
      video: v.object({ section: SectionSchema, label: text }),
      partners: SectionSchema,
      testimonials: SectionSchema,
    }),
  {
    hero: {
      eyebrow: 'For veterinary practices',
      // A non-breaking hyphen (U+2011): the heading never breaks inside '5-star'.
      headline: { before: 'More 5\u2011star reviews for your', highlight: 'veterinary practice', after: '' },
      lead: 'Every consult ends with a friendly text asking for a review. Happy pet owners tap once, your rating climbs, and new clients find you first on Google.',
      points: [
        'Review requests sent automatically after every appointment',
        'AI replies to every review, approved by you',
        'One dashboard for every clinic location',
      ],
      trust: { value: '50+ veterinary practices', label: 'already growing their reviews with us' },
      formTitle: 'Get your free practice review audit',
      formText: 'See how your clinic compares with the vets near you. No obligation.',
    },
    video: {
      section: {
        eyebrow: 'See it in action',
        title: 'From the consult room to a 5-star review',
        lead: 'A short look at how a pet owner goes from the front desk to a glowing review in under a minute.',
      },
      label: 'Video: how a pet owner leaves a 5-star review after a visit (no narration)',
    },
    partners: {
      eyebrow: 'Partners',
      title: 'Works with the tools your practice already uses',
      lead: 'Practice management, pharmacy and pet insurance partners connect in minutes.',
    },
    testimonials: {
      eyebrow: 'Results',
      title: 'Trusted by 50+ veterinary practices',
      lead: 'Clinics like yours, a few months into their review campaigns.',
    },
  },
)

export const generalTestimonialsSection: LandingSection = checked(import.meta.env.SSR && SectionSchema, {
  eyebrow: 'Results',
  title: 'Trusted by 200+ businesses',
  lead: 'Real review counts and ratings from clients a few months into their campaigns.',
})

const offer = offerFigures()

const partnerHero = (partner: string): LandingHero => ({
  eyebrow: `${partner} partner offer`,
  headline: { before: `An exclusive growth offer for`, highlight: `${partner} clients`, after: '' },
  // Only the name's first letter goes lower case: the prices keep their US$.
  lead: `As a ${partner} client, get the ${offer.summary.charAt(0).toLowerCase()}${offer.summary.slice(1)}.`,
  points: [
    'Set up for you by a dedicated specialist',
    'SMS review requests, AI replies and social posts in one package',
    'A monthly report on your reviews, ratings and conversions',
  ],
  trust: { value: '200+ businesses', label: 'growing their reviews with us' },
  formTitle: `Claim your ${offer.price} per month offer`,
  formText: 'Leave your details and a specialist will call you to set it up.',
})

export const partnerPages = checked(import.meta.env.SSR && v.object({ '/qrb': HeroSchema, '/konversable': HeroSchema }), {
  '/qrb': partnerHero('Dare Accounting'),
  '/konversable': partnerHero('Konversable'),
})

export const x18Content = checked(
  import.meta.env.SSR &&
    v.object({
      hero: v.object({ eyebrow: text, title: text, lead: text, cta: text, trust: v.object({ value: text, label: text }) }),
      services: v.object({
        section: SectionSchema,
        items: v.pipe(v.array(v.object({ title: text, text })), v.minLength(3), v.maxLength(6)),
      }),
      stats: v.pipe(v.array(v.object({ value: text, label: text })), v.length(3)),
      book: v.object({ title: text, lead: text, submit: text }),
    }),
  {
    hero: {
      eyebrow: 'Design services',
      title: 'Design that turns visitors into customers',
      lead: 'Websites, landing pages, branding and ad creative, designed around your reviews and built to convert. One team, one strategy call to get started.',
      cta: 'Book a call',
      trust: { value: '99+ happy clients', label: 'from local clinics to national brands' },
    },
    services: {
      section: {
        eyebrow: 'What we design',
        title: 'Everything your brand needs to win the click',
        lead: 'Every piece is designed to show off your reputation, so your 5-star reviews work as hard as your ads.',
      },
      items: [
        {
          title: 'Websites that convert',
          text: 'Fast, mobile-first sites with your live reviews built in and a clear call to action on every page.',
        },
        { title: 'Landing pages', text: 'Campaign pages for Google and Facebook ads, tested to turn more clicks into calls and bookings.' },
        { title: 'Brand identity', text: 'Logo, colours and type that look right on your shopfront, your van and your Google profile.' },
        { title: 'Social and ad creative', text: 'Review graphics, offers and posts in your brand, ready for every location and channel.' },
      ],
    },
    stats: [
      { value: '99+', label: 'happy clients' },
      { value: '4.8+', label: 'average client rating' },
      { value: '2 weeks', label: 'typical landing page turnaround' },
    ],
    book: {
      title: 'Ready for a site that sells?',
      lead: 'Tell us about your business and we will call you to plan your new design, free and with no obligation.',
      submit: 'Book My Strategy Call',
    },
  },
)
