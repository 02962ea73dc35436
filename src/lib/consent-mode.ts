// Google Consent Mode v2: the regions asked first, the signals a choice grants and where the
// choice is stored. The document's inline bootstrap (consent-boot.ts) sets the defaults from these
// before any tag loads; the consent banner and service update and read them after hydration.

/** The EEA (the EU, Iceland, Liechtenstein, Norway), the UK and Switzerland: ISO 3166-1 codes, one by one. */
export const CONSENT_REGIONS = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO', 'GB', 'CH',
] as const // prettier-ignore

/** How long gtag waits for the banner's answer before it sends anything under the default. */
export const WAIT_FOR_UPDATE_MS = 500

/** The consent library's cookie (vanilla-cookieconsent's default name), kept 182 days. */
export const CONSENT_COOKIE = 'cc_cookie'
export const CONSENT_COOKIE_DAYS = 182

export type ConsentState = 'granted' | 'denied'
export type ConsentSignals = {
  ad_storage: ConsentState
  analytics_storage: ConsentState
  ad_user_data: ConsentState
  ad_personalization: ConsentState
}

/** The banner's categories as Consent Mode signals: analytics alone, or every advertising signal. */
export function signalsFor(categories: readonly string[]): ConsentSignals {
  const analytics = categories.includes('analytics') ? 'granted' : 'denied'
  const ads = categories.includes('advertising') ? 'granted' : 'denied'
  return { ad_storage: ads, analytics_storage: analytics, ad_user_data: ads, ad_personalization: ads }
}

/** The categories of a stored choice, or undefined when the visitor has not chosen (or it expired). */
export function storedCategories(cookie: string): string[] | undefined {
  const match = new RegExp(`(?:^|; )${CONSENT_COOKIE}=([^;]*)`).exec(cookie)
  if (!match) return undefined
  try {
    const categories: unknown = JSON.parse(decodeURIComponent(match[1]!)).categories
    return Array.isArray(categories) ? categories.filter((c): c is string => typeof c === 'string') : undefined
  } catch {
    return undefined
  }
}

/**
 * Who is asked at once: everyone with `always`; otherwise visitors whose time zone is in Europe. The
 * time zone is a heuristic (no IP lookup): it catches the EEA, the UK and Switzerland, and some who
 * are not (Istanbul, Moscow); Google's own region check still denies by default where the law asks.
 */
export const asksAtOnce = (banner: 'auto' | 'always', timeZone: string) => banner === 'always' || timeZone.startsWith('Europe/')

/** The device's time zone, or '' when it cannot be read. */
export function currentTimeZone(): string {
  try {
    // Temporal's answer costs nothing; Intl's first DateTimeFormat loads ICU data, a long task.
    const { Temporal } = globalThis as { Temporal?: { Now: { timeZoneId(): string } } }
    return Temporal ? Temporal.Now.timeZoneId() : (Intl.DateTimeFormat().resolvedOptions().timeZone ?? '')
  } catch {
    return ''
  }
}
