import * as v from 'valibot'

/** Every badge under public/images/logos is drawn on the same canvas, so the strip never shifts. */
export const INTEGRATION_LOGO_SIZE = { width: 160, height: 40 } as const

const LogoItemSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  url: v.pipe(v.string(), v.regex(/^\/images\/logos\/[a-z0-9-]+\.svg$/)),
  alt: v.pipe(v.string(), v.trim(), v.nonEmpty()),
})

export type LogoItem = v.InferOutput<typeof LogoItemSchema>

// Plain text wordmarks of apps clients connect, not the vendors' own artwork.
export const integrationLogos: readonly LogoItem[] = v.parse(v.pipe(v.array(LogoItemSchema), v.minLength(1)), [
  { id: 'google-business', url: '/images/logos/google-business.svg', alt: 'Google Business Profile' },
  { id: 'facebook', url: '/images/logos/facebook.svg', alt: 'Facebook' },
  { id: 'xero', url: '/images/logos/xero.svg', alt: 'Xero' },
  { id: 'shopify', url: '/images/logos/shopify.svg', alt: 'Shopify' },
  { id: 'square', url: '/images/logos/square.svg', alt: 'Square' },
  { id: 'calendly', url: '/images/logos/calendly.svg', alt: 'Calendly' },
])
