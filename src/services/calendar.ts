import type { SchedulePrefill } from '@/lib/schedule-prefill'

export const CAL_NAMESPACE = '30min'
export const BOOKING_EVENT = 'bookingSuccessfulV2'

/**
 * The embed's `data-cal-config`: week view, and after a lead the visitor's details (the embed's
 * documented `name`, `email`, `notes`) and the submission id and its signature, which the
 * calendar returns in its webhook's metadata: the signature is what ties the booking to the lead.
 */
export function calConfig(prefill?: SchedulePrefill | null): string {
  if (!prefill) return JSON.stringify({ layout: 'week_view' })
  // After a native post the browser holds only the reference: the calendar asks for the rest.
  const details = prefill.email
    ? { name: prefill.name, email: prefill.email, notes: `Phone: ${prefill.phone}\nBusiness: ${prefill.business}` }
    : {}
  return JSON.stringify({
    layout: 'week_view',
    ...details,
    'metadata[submissionId]': prefill.submissionId,
    ...(prefill.submissionSig ? { 'metadata[submissionSig]': prefill.submissionSig } : {}),
  })
}

/** A booking the visitor just made in the widget: its start, as the embed reports it (ISO 8601). */
export type CalendarBooking = { startTime: string }

export interface CalendarService {
  /** The calendar's own booking page (VITE_CAL_ORIGIN/VITE_CAL_LINK), offered beside the phone when the widget cannot load. */
  readonly bookingUrl: string | undefined
  /** The data-cal-* attributes the widget's schedule button carries, with the visitor's details when known. */
  triggerAttributes(prefill?: SchedulePrefill | null): Record<string, string>
  /** Loads the widget's script and registers the namespace; `host` is an element the service may fill. */
  load(host: HTMLElement, signal?: AbortSignal): Promise<void>
  /** Calls `listener` for each booking made in the widget; returns the unsubscribe. */
  onBooked(listener: (booking: CalendarBooking) => void): () => void
}

type CalApi = ((...args: unknown[]) => void) & { q: unknown[][] }
type CalQueue = CalApi & { ns: Record<string, CalApi>; loaded?: boolean }
declare global {
  interface Window {
    Cal?: CalQueue
  }
}

/** The embed's documented bootstrap snippet, minus its script tag: calls queue until embed.js drains them. */
function installCalQueue(): CalQueue {
  if (window.Cal) return window.Cal
  const queue = ((...args: unknown[]) => {
    if (args[0] === 'init' && typeof args[1] === 'string') {
      const namespace = args[1]
      const api = ((...nsArgs: unknown[]) => void api.q.push(nsArgs)) as CalApi
      api.q = []
      queue.ns[namespace] ??= api
      queue.ns[namespace].q.push(args)
      queue.q.push(['initNamespace', namespace])
      return
    }
    queue.q.push(args)
  }) as CalQueue
  queue.q = []
  queue.ns = {}
  queue.loaded = true
  window.Cal = queue
  return queue
}

function loadScript(src: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => reject(new Error(`calendar script failed to load: ${src}`))
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
    document.head.appendChild(script)
  })
}

/** The calendar's own booking page (VITE_CAL_ORIGIN + '/' + VITE_CAL_LINK), when both are configured. */
export function calendarBookingUrl({ calOrigin, calLink }: { calOrigin?: string; calLink?: string }): string | undefined {
  if (!calOrigin || !calLink) return undefined
  return `${calOrigin.replace(/\/$/, '')}/${calLink.replace(/^\//, '')}`
}

/** The third-party calendar embed: popup on its schedule button, week view, namespace 30min. */
export function createCalEmbedCalendar({ origin, calLink }: { origin: string; calLink: string }): CalendarService {
  const base = origin.replace(/\/$/, '')
  return {
    bookingUrl: calendarBookingUrl({ calOrigin: origin, calLink }),
    triggerAttributes: (prefill) => ({
      'data-cal-namespace': CAL_NAMESPACE,
      'data-cal-link': calLink,
      'data-cal-config': calConfig(prefill),
    }),
    async load(_host, signal) {
      const cal = installCalQueue()
      cal('init', CAL_NAMESPACE, { origin: base })
      cal.ns[CAL_NAMESPACE]?.('ui', { layout: 'week_view', hideEventTypeDetails: false })
      await loadScript(`${base}/embed/embed.js`, signal)
    },
    onBooked(listener) {
      const api = installCalQueue().ns[CAL_NAMESPACE]
      const callback = (event: { detail?: { data?: { startTime?: unknown } } }) => {
        const startTime = event.detail?.data?.startTime
        if (typeof startTime === 'string') listener({ startTime })
      }
      api?.('on', { action: BOOKING_EVENT, callback })
      return () => api?.('off', { action: BOOKING_EVENT, callback })
    },
  }
}
