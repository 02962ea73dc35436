import { installGtag } from '@/lib/gtag'
import type { WebVital } from '@/lib/web-vitals'
import { whenIdle } from '@/lib/when-idle'

export type AnalyticsEvent =
  | { name: 'conversion'; send_to: string; value: 15; currency: 'USD' }
  | { name: 'generate_lead'; value: 0; currency: 'USD' }
  | { name: 'book_call' }

export interface AnalyticsService {
  /** Ad conversion (15 USD) and lead event (0 USD) for an accepted lead (SPEC §7.5, §9). */
  leadSubmitted(): void
  /** The visitor booked their strategy call in the calendar; sent only while analytics is allowed. */
  callBooked(): void
  /** A Core Web Vital of this visit, reported once the browser knows it (usually when the page is hidden). */
  webVital(metric: WebVital): void
}

/** GA4's recommended shape: integer values (CLS times 1000), the id to group deltas, not an interaction. */
export const webVitalParams = ({ name, value, rating, id }: WebVital) => ({
  value: Math.round(name === 'CLS' ? value * 1000 : value),
  metric_id: id,
  metric_value: value,
  metric_rating: rating,
  non_interaction: true,
})

export const LEAD_EVENTS = (sendTo: string): AnalyticsEvent[] => [
  { name: 'conversion', send_to: sendTo, value: 15, currency: 'USD' },
  { name: 'generate_lead', value: 0, currency: 'USD' },
]

/** The page's URL without a link's secret (the /confirm page's `token`), or undefined when it has none. */
function pageLocationWithoutSecrets(href: string | undefined): string | undefined {
  if (!href) return undefined
  const url = new URL(href)
  if (!url.searchParams.has('token')) return undefined
  url.searchParams.delete('token')
  return url.href
}

/**
 * gtag.js, loaded once the page is idle so it never competes with the first paint. Consent Mode
 * (set by the document's inline bootstrap, src/lib/consent-boot.ts) decides what the tag stores and
 * sends: with ad_storage denied the lead events go as cookieless pings. Web vitals are ours to hold
 * back: they go only while analytics is allowed.
 */
export function createGtagAnalytics({
  gtagId,
  conversion,
  analyticsAllowed = () => true,
}: {
  gtagId: string
  conversion?: string
  analyticsAllowed?: () => boolean
}): AnalyticsService {
  if (typeof window !== 'undefined') {
    const gtag = installGtag()
    gtag('js', new Date())
    const pageLocation = pageLocationWithoutSecrets(window.location?.href)
    gtag('config', gtagId, ...(pageLocation ? [{ page_location: pageLocation }] : []))
    const load = () => {
      const script = document.createElement('script')
      script.async = true
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtagId)}`
      document.head.appendChild(script)
    }
    whenIdle(load, 4_000, 2_000)
  }
  return {
    leadSubmitted() {
      for (const { name, ...params } of LEAD_EVENTS(conversion ?? gtagId)) {
        if (name === 'conversion' && !conversion) continue
        window.gtag?.('event', name, params)
      }
    },
    callBooked() {
      if (analyticsAllowed()) window.gtag?.('event', 'book_call')
    },
    webVital(metric) {
      if (analyticsAllowed()) window.gtag?.('event', metric.name, webVitalParams(metric))
    },
  }
}

/** Mock mode and tests: keeps the events so a tester or a test can read them. */
export function createRecordingAnalytics(sendTo = 'AW-MOCK/lead'): AnalyticsService & { events: AnalyticsEvent[]; vitals: WebVital[] } {
  const events: AnalyticsEvent[] = []
  const vitals: WebVital[] = []
  return {
    events,
    vitals,
    leadSubmitted() {
      events.push(...LEAD_EVENTS(sendTo))
    },
    callBooked() {
      events.push({ name: 'book_call' })
    },
    webVital(metric) {
      vitals.push(metric)
    },
  }
}

export const noAnalytics: AnalyticsService = { leadSubmitted() {}, callBooked() {}, webVital() {} }
