import { site } from '@/site'

// Values Markdown content may name as @@brand@@, @@email@@, @@phone@@, @@phoneHref@@ (scripts/markdown-content.mjs).
export const brand = site.brand
export const email = site.email
export const phone = site.phone.display
export const phoneHref = site.phone.href
