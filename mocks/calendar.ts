import type { CalendarService } from '@/services/calendar'
import { CAL_CONFIG, CAL_NAMESPACE } from '@/services/calendar'
import { isScenario } from './scenario'

const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']
const times = ['9:00am', '10:30am', '1:00pm', '3:30pm']

/**
 * A local stand-in for the calendar embed: a week view drawn into the host, opened by its button.
 * `bookingUrl` is the live one (the calendar's page when configured), never /schedule.
 */
export function createStandInCalendar(bookingUrl: string | undefined): CalendarService {
  let host: HTMLElement | null = null
  const open = () => {
    if (!host || host.childElementCount) return
    const panel = document.createElement('section')
    panel.setAttribute('aria-label', 'Calendar (offline stand-in), week view')
    panel.className = 'grid grid-cols-5 gap-1 rounded-xl border border-slate-200 bg-white p-2 text-xs sm:gap-2 sm:p-4 sm:text-sm'
    for (const day of days) {
      const column = document.createElement('div')
      column.innerHTML =
        `<p class="mb-2 font-semibold">${day}</p>` +
        times
          .map(
            (t) =>
              `<p class="mb-1 rounded bg-brand-50 px-0.5 py-1 text-center text-[0.6875rem] tracking-tight whitespace-nowrap text-brand-800 sm:px-2 sm:text-sm sm:tracking-normal">${t}</p>`,
          )
          .join('')
      panel.appendChild(column)
    }
    host.appendChild(panel)
  }
  return {
    bookingUrl,
    triggerAttributes: { 'data-cal-namespace': CAL_NAMESPACE, 'data-cal-link': 'mock/30min', 'data-cal-config': CAL_CONFIG },
    async load(element) {
      await new Promise((resolve) => setTimeout(resolve, isScenario('slow') ? 1_500 : 50))
      if (isScenario('calendar-down')) throw new Error('calendar script failed to load (mock scenario)')
      const firstLoad = host === null
      host = element
      if (!firstLoad) return
      document.addEventListener('click', (event) => {
        if ((event.target as Element | null)?.closest?.(`[data-cal-namespace="${CAL_NAMESPACE}"]`)) open()
      })
    },
  }
}
