import type { Tracking } from '@/schemas/lead'

// The ad click's tracking values (SPEC §3: `?platform=google&keyword=vet`) belong to the visit, not
// to every URL: the page's inline boot (visit-tracking-boot.ts) keeps them in sessionStorage when
// the visit lands with them, and each lead form reads them once from there (decision 012).

/** The sessionStorage key the boot writes and the forms read. */
export const VISIT_TRACKING_KEY = 'visit-tracking'
/** The longest value the leads function takes; a longer one is dropped, as the old search schema did. */
export const TRACKING_MAX_LENGTH = 100

export const NO_TRACKING: Tracking = { platform: '', keyword: '' }

const clean = (value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : ''
  return text.length > TRACKING_MAX_LENGTH ? '' : text
}

/** The tracking values a query string carries (`?platform=..&keyword=..`), trimmed. */
export function trackingFromQuery(search: string): Tracking {
  const query = new URLSearchParams(search)
  return { platform: clean(query.get('platform')), keyword: clean(query.get('keyword')) }
}

const hasValue = (tracking: Tracking) => tracking.platform !== '' || tracking.keyword !== ''

/** Keeps the ad click a page lands with for the rest of the visit; a page without one keeps nothing. */
export function keepAdClick(search: string, storage: Pick<Storage, 'setItem'> | undefined) {
  const fromQuery = trackingFromQuery(search)
  if (!hasValue(fromQuery)) return
  try {
    storage?.setItem(VISIT_TRACKING_KEY, JSON.stringify(fromQuery))
  } catch {
    // Storage refused (privacy settings): this page's forms still carry the values.
  }
}

/**
 * The visit's tracking: the page's own query when it carries an ad click (a new click replaces what
 * was kept), else what the boot kept when the visit landed, else none.
 */
export function visitTracking(search: string, storage: Pick<Storage, 'getItem'> | undefined): Tracking {
  const fromQuery = trackingFromQuery(search)
  if (hasValue(fromQuery)) return fromQuery
  try {
    const kept: unknown = JSON.parse(storage?.getItem(VISIT_TRACKING_KEY) ?? 'null')
    if (kept === null || typeof kept !== 'object') return NO_TRACKING
    const { platform, keyword } = kept as Record<string, unknown>
    return { platform: clean(platform), keyword: clean(keyword) }
  } catch {
    // Storage refused (privacy settings) or a value someone else wrote: no tracking.
    return NO_TRACKING
  }
}

/** sessionStorage where there is one; reading the property itself throws when storage is blocked. */
export function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}
