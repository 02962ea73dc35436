// One place for the agency's public identity. Values marked PLACEHOLDER must be replaced with the
// agency's real details before launch; everything else on the site reads from here.
export const site = {
  brand: 'ReviewLift', // PLACEHOLDER brand name
  phone: { display: '1300 555 019', href: telHref('1300 555 019') }, // PLACEHOLDER sales phone (the link follows the number)
  email: 'hello@reviewlift.example', // PLACEHOLDER contact email
  clientAppUrl: 'https://app.reviewlift.example', // PLACEHOLDER client app (Login, Client Area)
  defaultSiteUrl: 'https://www.reviewlift.example', // PLACEHOLDER; VITE_SITE_URL overrides it
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/reviewlift.example' }, // PLACEHOLDER
    { name: 'Twitter', href: 'https://twitter.com/reviewlift_example' }, // PLACEHOLDER
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/reviewlift-example' }, // PLACEHOLDER
    { name: 'Instagram', href: 'https://www.instagram.com/reviewlift.example' }, // PLACEHOLDER
  ],
  // A constant, not the clock: prerendered markup must not depend on the time it is rendered.
  copyrightYear: 2026,
  logo: '/images/logo.svg',
  heroImage: '/images/hero.svg',
} as const

export const siteUrl = (import.meta.env.VITE_SITE_URL || site.defaultSiteUrl).replace(/\/$/, '')

/**
 * A `tel:` link for an Australian number as it is dialled: 13, 1300 and 1800 numbers cannot take a
 * country code, so they stay as they are; mobiles and geographic numbers (a leading 0) become +61
 * without the 0; a number already written with a + keeps it.
 */
export function telHref(number: string): string {
  const digits = number.replace(/\D/g, '')
  if (number.trim().startsWith('+')) return `tel:+${digits}`
  if (digits.startsWith('0')) return `tel:+61${digits.slice(1)}`
  return `tel:${digits}`
}
