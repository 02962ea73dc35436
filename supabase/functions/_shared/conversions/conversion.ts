/** What the conversions outbox hands to a platform: neutral, one record's event. */

/** ads-capture's `attribution` jsonb on leads, registrations and bookings. */
export type ConsentSignal = 'granted' | 'denied'
export type Attribution = {
  platform?: string
  keyword?: string
  clickIds: { gclid?: string; gbraid?: string; wbraid?: string; fbclid?: string; msclkid?: string }
  /** The click's time, ms since the epoch. */
  clickAt: number
  landingUrl?: string
  consent: {
    asked: boolean
    source: 'region-default' | 'banner' | 'not-asked'
    ad_storage?: ConsentSignal
    ad_user_data?: ConsentSignal
    ad_personalization?: ConsentSignal
    analytics_storage?: ConsentSignal
  }
}

export type ConversionKind = 'lead' | 'call' | 'purchase'

export type ConversionInput = {
  kind: ConversionKind
  /** 'lead:<submission id>', 'call:<booking uid>', 'paid:<invoice id>': Google's transactionId, Meta's event_id. */
  dedupKey: string
  at: Date
  email?: string
  phone?: string
  attribution: Attribution
  valueUsd?: number
  sourceUrl?: string
  userAgent?: string
}

/** Why an event is not sent: refused here, before the platform would refuse it. Never retried. */
export type SkipReason =
  | 'no-click-id'
  | 'click-too-old'
  | 'event-too-old'
  | 'event-before-click'
  | 'consent-denied'
  /** Meta: a website event needs its page and the visitor's browser (event_source_url, client_user_agent). */
  | 'no-website-context'

export type Built<T> = { kind: 'event'; event: T } | { kind: 'skip'; reason: SkipReason }

export const DAY_MS = 24 * 60 * 60 * 1000
/** Google: a click is accepted within its conversion action's window, at most 90 days. */
export const CLICK_WINDOW_MS = 90 * DAY_MS
/** Meta: no event older than 7 days. */
export const META_EVENT_MAX_AGE_MS = 7 * DAY_MS

/** Click-age refusals shared by both platforms. */
export function clickRefusal(input: ConversionInput): SkipReason | undefined {
  const { clickAt } = input.attribution
  if (!Number.isFinite(clickAt)) return 'no-click-id'
  if (input.at.getTime() < clickAt) return 'event-before-click'
  if (input.at.getTime() - clickAt > CLICK_WINDOW_MS) return 'click-too-old'
  return undefined
}

/**
 * Denied means denied; a region whose default grants (source 'region-default' or 'not-asked' with
 * the signal set) counts as given. A signal missing altogether counts as denied: nothing was agreed.
 */
export const adUserDataGranted = (input: ConversionInput): boolean => input.attribution.consent.ad_user_data === 'granted'
export const adPersonalizationGranted = (input: ConversionInput): boolean => input.attribution.consent.ad_personalization === 'granted'
