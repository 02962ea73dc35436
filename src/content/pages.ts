import { site } from '@/site'
import type { OgFamily } from '@/content/og-images'
import { offerFigures } from '@/content/partner-offer'
import type { STATIC_PAGE_PATHS } from '@/content/page-paths'

const offer = offerFigures()

/** One page of the site: its head values, the lead source label of SPEC §9, and its canonical path. */
export type PageEntry = {
  title: string
  description: string
  /** Source-page label sent with a lead from this page; without one the label is 'Page' plus the path. */
  source?: string
  /** Where search engines should index this screen, when another path shows the same one. */
  canonical?: RoutePath
  /** The social sharing image of the page's family (src/content/og-images.ts); articles use their own. */
  image: OgFamily
  /** false: a page search engines must not index (a thank-you page): a robots noindex tag, left out of the sitemap. */
  index?: false
  /**
   * The page's own lead form: the id of the element that holds it, and `top` when it opens the page.
   * The header's Join Us scrolls up to a form at the top; anywhere else it opens the Book a call
   * dialog (DESIGN.md deviation 6) and, before the script runs, links to this form or the home page's.
   */
  leadForm?: { id: string; top?: true }
  /** The page ends on a full-width band of colour, which meets the footer with no white gap above it. */
  endsOnBand?: true
}

/** The element id of the lead form that opens a landing page (the home page's too). */
export const TOP_LEAD_FORM_ID = 'lead-form'
/** Where x18's Book a call leads before the page is interactive: the form at the end of the page. */
export const BOOK_SECTION_ID = 'book'
/** The growth-tips lead form under every article. */
export const GROWTH_TIPS_ID = 'growth-tips'
const topLeadForm = { id: TOP_LEAD_FORM_ID, top: true } as const

/** Paths with a fixed URL (every route but the article template), as page-paths.ts declares them. */
export type StaticPath = (typeof STATIC_PAGE_PATHS)[number]
/** Every page's route path: the fixed ones and the article template. */
export type RoutePath = StaticPath | '/blog/$slug'

const brand = site.brand
const vetPage = {
  image: 'vet',
  leadForm: topLeadForm,
  endsOnBand: true,
  title: `Reputation Management for Veterinary Practices | ${brand}`,
  description:
    'More 5-star reviews for your veterinary practice with SMS review requests and AI replies. Trusted by 50+ veterinary practices.',
} satisfies PageEntry

/**
 * THE table of pages: the prerender, the head tags, the lead source labels and the sitemap read it.
 * Keyed by the paths page-paths.ts declares (the leads function's list), so a path without an entry
 * or an entry without a declared path fails typecheck; tests/content/pages.test.ts checks that every
 * route file has an entry and every entry a route file. '/blog/$slug' is one entry for every article
 * (SPEC §2: blog paths share a generic title).
 */
export const pages: Record<RoutePath, PageEntry> = {
  '/': {
    image: 'home',
    title: `${brand} | More 5-Star Google Reviews on Autopilot`,
    description:
      'Automated review requests by SMS, AI replies to every review, review widgets, social posting and reporting for local businesses. Rated 4.8+ stars from 200+ reviews.',
    source: 'Homepage',
    leadForm: topLeadForm,
    endsOnBand: true,
  },
  '/x18': {
    image: 'x18',
    title: `Design Services | ${brand}`,
    description: 'Websites, branding and creative built to convert, from the team trusted by 99+ happy clients. Book your strategy call.',
    source: 'X18 Page',
    leadForm: { id: BOOK_SECTION_ID },
  },
  '/qrb': {
    image: 'partner',
    title: `Dare Accounting Partner Offer | ${brand}`,
    description: `An exclusive offer for Dare Accounting clients: the business growth package for ${offer.price} per month instead of ${offer.regular}, saving ${offer.saving} every month.`,
    source: 'Accountants Page (QRB)',
    leadForm: topLeadForm,
    endsOnBand: true,
  },
  '/konversable': {
    image: 'partner',
    title: `Konversable Partner Offer | ${brand}`,
    description: `An exclusive offer for Konversable clients: the business growth package for ${offer.price} per month instead of ${offer.regular}, saving ${offer.saving} every month.`,
    source: 'Konversable Page',
    leadForm: topLeadForm,
    endsOnBand: true,
  },
  '/vet': { ...vetPage, source: 'Veterinary Page' },
  '/vet1': { ...vetPage, source: 'Veterinary Page (Alt)', canonical: '/vet' },
  '/schedule': {
    image: 'schedule',
    title: `Book Your Strategy Call | ${brand}`,
    description: "You're one step away: pick a time for your free strategy call with our reputation specialists.",
  },
  '/thanks': {
    image: 'schedule',
    title: `Thank You | ${brand}`,
    description: 'Thank you for your details: a reputation specialist will be in touch shortly. Book your free strategy call now.',
    index: false,
  },
  '/confirm': {
    image: 'enterprise',
    title: `Confirm Your E-mail Address | ${brand}`,
    description: 'Confirm the e-mail address of your enterprise registration, so we can send your welcome e-mail and your invoice.',
    index: false,
  },
  '/check': {
    image: 'home',
    title: `Free Google Review Check: How Do You Stack Up Locally? | ${brand}`,
    description:
      'Compare your Google rating and review count with the nearby businesses of your kind, see how many 5-star reviews would lift you, and get your review link and QR code. Free, no email asked.',
    source: 'Review Check Page',
  },
  '/reply': {
    image: 'home',
    title: `Free AI Review Reply: A Safe Reply to Any Review in Seconds | ${brand}`,
    description:
      'Paste a customer review, pick the rating and tone, and watch a safe, personal reply drafted in seconds. A draft for you to review: we never post replies for you. Free, no login, no email.',
    source: 'AI Reply Page',
  },
  '/enterprise': {
    image: 'enterprise',
    title: `Enterprise Registration | ${brand}`,
    description:
      'Register for an enterprise reputation package: dedicated account manager, 24/7 priority support, advanced analytics and 2000+ integrations.',
  },
  '/news': {
    image: 'news',
    title: `Blog: Reviews and Reputation Tips | ${brand}`,
    description:
      'Practical guides to getting more customer reviews, ranking higher on Google Maps and managing your reputation across platforms.',
  },
  '/blog/$slug': {
    image: 'news',
    title: `Blog | ${brand}`,
    description: 'Reputation and review management tips for local businesses.',
    leadForm: { id: GROWTH_TIPS_ID },
  },
  '/terms': {
    image: 'legal',
    title: `Terms of Service | ${brand}`,
    description: `The terms that govern the use of ${brand}'s services.`,
  },
  '/privacy': {
    image: 'legal',
    title: `Privacy Policy | ${brand}`,
    description: `How ${brand} collects, uses and protects personal information.`,
  },
  '/cookies': {
    image: 'legal',
    title: `Cookie Policy | ${brand}`,
    description: `How ${brand} uses cookies and similar technologies.`,
  },
  '/dpa': {
    image: 'legal',
    title: `Data Processing Agreement | ${brand}`,
    description: `${brand}'s data processing agreement and generative AI policy.`,
  },
}

export const routePaths = Object.keys(pages) as RoutePath[]

const isRoutePath = (path: string): path is RoutePath => Object.hasOwn(pages, path)

/** The table entry of a concrete URL path ('/blog/some-slug' -> the '/blog/$slug' entry). */
export function pageFor(path: string): PageEntry | undefined {
  const clean = normalizePath(path)
  if (isRoutePath(clean) && !clean.includes('$')) return pages[clean]
  return clean.startsWith('/blog/') && clean.split('/').length === 3 ? pages['/blog/$slug'] : undefined
}

/** Whether search engines are told not to index a page (a robots noindex tag): marked `index: false`. */
export const isNoindex = (page: PageEntry) => page.index === false

/** Whether the sitemap lists a page: not a variant of another page (its canonical) and not noindex. */
export const inSitemap = (page: PageEntry) => !isNoindex(page) && page.canonical === undefined

export const normalizePath = (path: string) => (path === '/' ? '/' : path.replace(/\/+$/, '') || '/')
