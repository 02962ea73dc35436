export type AnalyticsEvent =
  { name: 'conversion'; send_to: string; value: 15; currency: 'USD' } | { name: 'generate_lead'; value: 0; currency: 'USD' }

export interface AnalyticsService {
  /** Ad conversion (15 USD) and lead event (0 USD) for an accepted lead (SPEC §7.5, §9). */
  leadSubmitted(): void
}

export const LEAD_EVENTS = (sendTo: string): AnalyticsEvent[] => [
  { name: 'conversion', send_to: sendTo, value: 15, currency: 'USD' },
  { name: 'generate_lead', value: 0, currency: 'USD' },
]

type Gtag = (...args: unknown[]) => void
declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: Gtag
  }
}

/** gtag.js, loaded once the page is idle so it never competes with the first paint. */
export function createGtagAnalytics({ gtagId, conversion }: { gtagId: string; conversion?: string }): AnalyticsService {
  if (typeof window !== 'undefined') {
    window.dataLayer = window.dataLayer ?? []
    window.gtag =
      window.gtag ??
      function gtag() {
        // gtag.js reads the arguments object itself, not an array.
        // eslint-disable-next-line prefer-rest-params
        window.dataLayer!.push(arguments)
      }
    window.gtag('js', new Date())
    window.gtag('config', gtagId)
    const load = () => {
      const script = document.createElement('script')
      script.async = true
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtagId)}`
      document.head.appendChild(script)
    }
    if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 4_000 })
    else setTimeout(load, 2_000)
  }
  return {
    leadSubmitted() {
      for (const { name, ...params } of LEAD_EVENTS(conversion ?? gtagId)) {
        if (name === 'conversion' && !conversion) continue
        window.gtag?.('event', name, params)
      }
    },
  }
}

/** Mock mode and tests: keeps the events so a tester or a test can read them. */
export function createRecordingAnalytics(sendTo = 'AW-MOCK/lead'): AnalyticsService & { events: AnalyticsEvent[] } {
  const events: AnalyticsEvent[] = []
  return {
    events,
    leadSubmitted() {
      events.push(...LEAD_EVENTS(sendTo))
    },
  }
}

export const noAnalytics: AnalyticsService = { leadSubmitted() {} }
