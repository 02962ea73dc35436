import * as v from 'valibot'
import { checked } from './checked'
import { siCalendly, siFacebook, siGoogle, siShopify, siSquare, siXero } from 'simple-icons'

const LogoItemSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  /** The accessible name of the mark. */
  name: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  /** The name shown beside the mark. */
  label: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  /** The brand's mark on a 24 x 24 box (one path), from simple-icons (CC0). */
  path: v.pipe(v.string(), v.regex(/^M[0-9.\s,a-zA-Z-]+$/)),
})

export type LogoItem = v.InferOutput<typeof LogoItemSchema>

// The apps' own marks from simple-icons, imported by name so the bundle holds only these six paths.
export const integrationLogos: readonly LogoItem[] = checked(import.meta.env.SSR && v.pipe(v.array(LogoItemSchema), v.minLength(1)), [
  { id: 'google-business', name: 'Google Business Profile', label: 'Google Business', path: siGoogle.path },
  { id: 'facebook', name: 'Facebook', label: 'Facebook', path: siFacebook.path },
  { id: 'xero', name: 'Xero', label: 'Xero', path: siXero.path },
  { id: 'shopify', name: 'Shopify', label: 'Shopify', path: siShopify.path },
  { id: 'square', name: 'Square', label: 'Square', path: siSquare.path },
  { id: 'calendly', name: 'Calendly', label: 'Calendly', path: siCalendly.path },
])
