import type { Tracking } from '@/schemas/lead'
import type { AdClick } from './ad-click'

// One visit that came from an ad click whose id consent lets us keep is counted once (issue 44
// point 6, docs/ad-conversions.md "What staff read"): the page's inline boot sends it at landing, or
// the consent banner when advertising is granted later on that page. No valibot: this runs inline.
// The body names the platform, the keyword and the KINDS of click id, never an id, and goes in a
// POST (a beacon: no preflight, never in a URL); the `ad-visits` function checks it (AdVisitSchema).

/** This tab's flag: the visit was counted. */
export const AD_VISIT_SENT_KEY = 'ad-visit-sent'

/** Sends the visit once per tab session, when there is somewhere to send it. */
export function sendAdVisit(url: string, tracking: Tracking, click: AdClick, storage: Storage | undefined) {
  try {
    if (!url || !storage || storage.getItem(AD_VISIT_SENT_KEY)) return
    storage.setItem(AD_VISIT_SENT_KEY, '1')
    // Every browser the site supports has sendBeacon; the bytes of a fetch fallback are not worth it here.
    navigator.sendBeacon(url, new URLSearchParams({ ...tracking, kinds: Object.keys(click.clickIds).join(',') }))
  } catch {
    // Storage refused or no network: the visit is simply not counted.
  }
}
