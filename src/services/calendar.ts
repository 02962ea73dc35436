export const CAL_NAMESPACE = '30min'
export const CAL_CONFIG = JSON.stringify({ layout: 'week_view' })

export interface CalendarService {
  /** The calendar's own booking page (VITE_CAL_ORIGIN/VITE_CAL_LINK), offered beside the phone when the widget cannot load. */
  readonly bookingUrl: string | undefined
  /** The data-cal-* attributes the widget's schedule button carries. */
  readonly triggerAttributes: Record<string, string>
  /** Loads the widget's script and registers the namespace; `host` is an element the service may fill. */
  load(host: HTMLElement, signal?: AbortSignal): Promise<void>
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
    triggerAttributes: { 'data-cal-namespace': CAL_NAMESPACE, 'data-cal-link': calLink, 'data-cal-config': CAL_CONFIG },
    async load(_host, signal) {
      const cal = installCalQueue()
      cal('init', CAL_NAMESPACE, { origin: base })
      cal.ns[CAL_NAMESPACE]?.('ui', { layout: 'week_view', hideEventTypeDetails: false })
      await loadScript(`${base}/embed/embed.js`, signal)
    },
  }
}
