// Google Consent Mode v2, set by the document's inline bootstrap before any tag or other gtag
// command. It defines `gtag` (a push onto `dataLayer`, as Google's snippet does), denies all four
// signals for the EEA, the UK and Switzerland, sets the configured default everywhere else, and
// applies a choice the visitor already made (the consent library's cookie) at once, so a tag that
// loads before the library does not start with the wrong state.
//
// A plain string, not a function's source: the server and the client must render the same text,
// whose hash the Content-Security-Policy allows (scripts/security-headers.mjs).

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

export const consentBoot = (fallback: ConsentState) =>
  [
    '(function(w,d){w.dataLayer=w.dataLayer||[];',
    'w.gtag=w.gtag||function(){w.dataLayer.push(arguments)};',
    'function all(v){return{ad_storage:v,analytics_storage:v,ad_user_data:v,ad_personalization:v}}',
    `var eea=all('denied');eea.region=${JSON.stringify(CONSENT_REGIONS)};eea.wait_for_update=${WAIT_FOR_UPDATE_MS};`,
    `w.gtag('consent','default',eea);w.gtag('consent','default',all(${JSON.stringify(fallback)}));`,
    // Where ad_storage is denied, ad click identifiers are redacted from what the tags send.
    "w.gtag('set','ads_data_redaction',true);",
    `try{var m=/(?:^|; )${CONSENT_COOKIE}=([^;]*)/.exec(d.cookie);if(m){var c=JSON.parse(decodeURIComponent(m[1])).categories||[];`,
    "var a=c.indexOf('analytics')>=0?'granted':'denied',ad=c.indexOf('advertising')>=0?'granted':'denied';",
    "w.gtag('consent','update',{ad_storage:ad,analytics_storage:a,ad_user_data:ad,ad_personalization:ad})}}catch(e){}",
    '})(window,document)',
  ].join('')
