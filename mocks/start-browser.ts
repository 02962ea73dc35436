import type { Config } from '@/config'
import type { WebVital } from '@/lib/web-vitals'
import { createRecordingAnalytics, type AnalyticsEvent } from '@/services/analytics'
import { calendarBookingUrl } from '@/services/calendar'
import type { Services } from '@/services/create-services'
import { createStandInCalendar } from './calendar'
import { scenarioFromUrl } from './scenario'

declare global {
  interface Window {
    __analyticsEvents?: AnalyticsEvent[]
    __webVitals?: WebVital[]
  }
}

/** Mock mode: start the MSW worker before the app renders, and stand in for the non-HTTP systems. */
export async function startMockBrowser(config: Pick<Config, 'calOrigin' | 'calLink'>): Promise<Partial<Services>> {
  scenarioFromUrl(window.location.search)
  const { worker } = await import('./browser')
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: '/mockServiceWorker.js' } })
  const analytics = createRecordingAnalytics()
  window.__analyticsEvents = analytics.events
  window.__webVitals = analytics.vitals
  return { analytics, calendar: createStandInCalendar(calendarBookingUrl(config)) }
}
