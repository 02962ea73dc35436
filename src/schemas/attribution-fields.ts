// The names and limits of an ad click's attribution, without valibot: the page's inline boot
// (src/lib/ad-click.ts) reads the landing URL with them, and attribution.ts checks them on both
// sides. Nothing imported, so Deno and the boot bundle load it as it is.

/** The click ids an ad's link carries: Google (gclid, and gbraid/wbraid for iOS), Meta (fbclid), Microsoft (msclkid). */
export const CLICK_ID_NAMES = ['gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid'] as const
export type ClickIdName = (typeof CLICK_ID_NAMES)[number]

/** What a click id may hold: URL-safe characters only, bounded. Anything else is not kept (never echoed anywhere). */
export const CLICK_ID_PATTERN = /^[A-Za-z0-9._-]{1,300}$/

/** The landing URL kept: origin and path only (every value the platforms need is kept in its own field). */
export const LANDING_URL_MAX_LENGTH = 300

export const CONSENT_SOURCES = ['region-default', 'banner', 'not-asked'] as const

/** The lead form's hidden field the page's boot fills with the visit's attribution (JSON) as a native post is sent. */
export const ATTRIBUTION_FIELD = 'attribution'
