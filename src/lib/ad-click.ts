import { CLICK_ID_NAMES, CLICK_ID_PATTERN, LANDING_URL_MAX_LENGTH, type ClickIdName } from '@/schemas/attribution-fields'
import type { ConsentConfig } from '@/config'
import { asksAtOnce, signalsFor, storedCategories, type ConsentSignals } from './consent-mode'
import type { Tracking } from '@/schemas/lead'

// An ad click's ids (gclid, gbraid, wbraid, fbclid, msclkid) are kept for the visit only where
// advertising consent allows it (Consent Mode v2's ad_user_data granted): a visitor's choice, or,
// with no choice, the default where nobody is asked at once (decision 014). No valibot here: the
// page's inline boot (visit-tracking-boot.ts) runs this before the app's script. The records check
// what is sent with AttributionSchema (src/schemas/attribution.ts). docs/attribution.md.

/** The sessionStorage key holding the visit's click, written only while advertising consent allows it. */
export const VISIT_CLICK_KEY = 'visit-click'

export type AdClick = { clickIds: Partial<Record<ClickIdName, string>>; clickAt: number; landingUrl: string }
export type AdConsentState = ConsentSignals & { asked: boolean; source: 'region-default' | 'banner' | 'not-asked' }
/** What a record carries (AttributionSchema's input). */
export type VisitAttribution = Tracking & {
  clickIds: AdClick['clickIds']
  clickAt: number | null
  landingUrl: string | null
  consent: AdConsentState
}

/**
 * The click a page's URL carries: its ids of safe characters (any other value is not read), the time
 * the page was navigated to, and the page's origin and path (no query: nothing a visitor typed).
 */
export function clickFromUrl(href: string, clickAt: number): AdClick | undefined {
  const url = new URL(href)
  const clickIds: AdClick['clickIds'] = {}
  for (const name of CLICK_ID_NAMES) {
    const id = url.searchParams.get(name)
    if (id !== null && CLICK_ID_PATTERN.test(id)) clickIds[name] = id
  }
  if (Object.keys(clickIds).length === 0) return undefined
  const landingUrl = `${url.origin}${url.pathname}`
  return { clickIds, clickAt: Math.round(clickAt), landingUrl: landingUrl.length > LANDING_URL_MAX_LENGTH ? url.origin : landingUrl }
}

/**
 * Consent as it stands now: a stored choice ('banner'); else, for a visitor asked at once who has not
 * answered, the regions' default, all denied ('region-default'); else the configured default for
 * those nobody asks ('not-asked').
 */
export function consentNow(config: ConsentConfig, cookie: string, timeZone: () => string): AdConsentState {
  const chosen = storedCategories(cookie)
  if (chosen) return { asked: true, source: 'banner', ...signalsFor(chosen) }
  if (asksAtOnce(config.banner, timeZone())) return { asked: true, source: 'region-default', ...signalsFor([]) }
  const signal = config.fallback
  return {
    asked: false,
    source: 'not-asked',
    ad_storage: signal,
    analytics_storage: signal,
    ad_user_data: signal,
    ad_personalization: signal,
  }
}

export const adDataAllowed = (consent: Pick<AdConsentState, 'ad_user_data'>) => consent.ad_user_data === 'granted'

/** Keeps the click for the visit (this tab), or forgets any kept one, as consent now says. */
export function keepClick(click: AdClick | undefined, consent: Pick<AdConsentState, 'ad_user_data'>, storage: Storage | undefined) {
  try {
    if (!adDataAllowed(consent)) storage?.removeItem(VISIT_CLICK_KEY)
    else if (click) storage?.setItem(VISIT_CLICK_KEY, JSON.stringify(click))
  } catch {
    // Storage refused: this page's own records still carry the click.
  }
}

function keptClick(storage: Pick<Storage, 'getItem'> | undefined): AdClick | undefined {
  try {
    const kept = JSON.parse(storage?.getItem(VISIT_CLICK_KEY) ?? 'null') as Partial<AdClick> | null
    // Read as from a URL again: a value someone else wrote keeps only what a landing URL could give.
    return kept?.landingUrl && typeof kept.clickAt === 'number'
      ? clickFromUrl(`${kept.landingUrl}?${new URLSearchParams(kept.clickIds as Record<string, string>)}`, kept.clickAt)
      : undefined
  } catch {
    return undefined
  }
}

/** Without its click: what a record sends when its click would not pass the schema. */
export const withoutClick = (attribution: VisitAttribution): VisitAttribution => ({
  ...attribution,
  clickIds: {},
  clickAt: null,
  landingUrl: null,
})

/**
 * What a record carries when sent: the visit's tracking and consent, and, only while ad_user_data is
 * granted, the click of this page's URL (a new click replaces the visit's) or the one kept.
 */
export function visitAttribution(
  tracking: Tracking,
  consent: AdConsentState,
  page: { href: string; clickAt: number },
  storage: Pick<Storage, 'getItem'> | undefined,
): VisitAttribution {
  const click = adDataAllowed(consent) ? (clickFromUrl(page.href, page.clickAt) ?? keptClick(storage)) : undefined
  return { ...tracking, clickIds: click?.clickIds ?? {}, clickAt: click?.clickAt ?? null, landingUrl: click?.landingUrl ?? null, consent }
}
