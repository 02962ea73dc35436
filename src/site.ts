import { siteSettings } from '@/site-settings'

// One place for the agency's public identity. Values marked PLACEHOLDER must be replaced with the
// agency's real details before launch; everything else on the site reads from here.
export const site = {
  brand: 'ReviewLift', // PLACEHOLDER brand name
  // Contact details and the client app (Login, Client Area) come from VITE_ variables (src/site-settings.ts).
  phone: siteSettings.phone,
  phoneInternational: siteSettings.phoneInternational,
  email: siteSettings.email,
  clientAppUrl: siteSettings.clientAppUrl,
  defaultSiteUrl: 'https://www.reviewlift.example', // PLACEHOLDER; VITE_SITE_URL overrides it
  social: siteSettings.social,
  // A constant, not the clock: prerendered markup must not depend on the time it is rendered.
  copyrightYear: 2026,
  logo: '/images/logo.svg',
  heroImage: '/images/hero.svg',
} as const

export const siteUrl = (import.meta.env.VITE_SITE_URL || site.defaultSiteUrl).replace(/\/$/, '')
