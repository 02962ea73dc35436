import { site, siteUrl } from '@/site'
import { seo } from '@/lib/seo'

type PageMeta = { title: string; description: string }

const brand = site.brand

/** Head values per path (SPEC §2: set per path on every route change). */
export const pageMeta = {
  '/': {
    title: `${brand} | More 5-Star Google Reviews on Autopilot`,
    description:
      'Automated review requests by SMS, AI replies to every review, review widgets, social posting and reporting for local businesses. Rated 4.8+ stars from 200+ reviews.',
  },
  '/x18': {
    title: `Design Services | ${brand}`,
    description: 'Websites, branding and creative built to convert, from the team trusted by 99+ happy clients. Book your strategy call.',
  },
  '/qrb': {
    title: `Dare Accounting Partner Offer | ${brand}`,
    description:
      'An exclusive offer for Dare Accounting clients: the business growth package for $390 per month instead of $600, saving $210 every month.',
  },
  '/konversable': {
    title: `Konversable Partner Offer | ${brand}`,
    description:
      'An exclusive offer for Konversable clients: the business growth package for $390 per month instead of $600, saving $210 every month.',
  },
  '/vet': {
    title: `Reputation Management for Veterinary Practices | ${brand}`,
    description:
      'More 5-star reviews for your veterinary practice with SMS review requests and AI replies. Trusted by 50+ veterinary practices.',
  },
  '/vet1': {
    title: `Reputation Management for Veterinary Practices | ${brand}`,
    description:
      'More 5-star reviews for your veterinary practice with SMS review requests and AI replies. Trusted by 50+ veterinary practices.',
  },
  '/schedule': {
    title: `Book Your Strategy Call | ${brand}`,
    description: "You're one step away: pick a time for your free strategy call with our reputation specialists.",
  },
  '/enterprise': {
    title: `Enterprise Registration | ${brand}`,
    description:
      'Register for an enterprise reputation package: dedicated account manager, 24/7 priority support, advanced analytics and 2000+ integrations.',
  },
  '/news': {
    title: `Blog: Reviews and Reputation Tips | ${brand}`,
    description:
      'Practical guides to getting more customer reviews, ranking higher on Google Maps and managing your reputation across platforms.',
  },
  '/terms': { title: `Terms of Service | ${brand}`, description: `The terms that govern the use of ${brand}'s services.` },
  '/privacy': { title: `Privacy Policy | ${brand}`, description: `How ${brand} collects, uses and protects personal information.` },
  '/cookies': { title: `Cookie Policy | ${brand}`, description: `How ${brand} uses cookies and similar technologies.` },
  '/dpa': {
    title: `Data Processing Agreement | ${brand}`,
    description: `${brand}'s data processing agreement and generative AI policy.`,
  },
} satisfies Record<string, PageMeta>

export type MetaPath = keyof typeof pageMeta

/** Blog posts share one generic title (SPEC §2). */
export const blogMeta: PageMeta = {
  title: `Blog | ${brand}`,
  description: 'Reputation and review management tips for local businesses.',
}

export const headFor = (path: MetaPath) => seo({ ...pageMeta[path], path, origin: siteUrl })
export const blogHeadFor = (slug: string) => seo({ ...blogMeta, path: `/blog/${slug}`, origin: siteUrl })
