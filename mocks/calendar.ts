import type { CalendarBooking, CalendarService } from '@/services/calendar'
import { calConfig, CAL_NAMESPACE } from '@/services/calendar'
import { isScenario } from './scenario'

const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']
const times = [
  { label: '9:00am', hour: 9, minute: 0 },
  { label: '10:30am', hour: 10, minute: 30 },
  { label: '1:00pm', hour: 13, minute: 0 },
  { label: '3:30pm', hour: 15, minute: 30 },
]

/** The slot's next date (never today) in the visitor's time zone, as the embed reports it. */
function nextSlot(dayIndex: number, hour: number, minute: number, now = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, hour, minute)
  while (date.getDay() !== dayIndex + 1) date.setDate(date.getDate() + 1)
  return date.toISOString()
}

const slotClass =
  'mb-1 w-full rounded bg-brand-50 px-0.5 py-1 text-center text-[0.6875rem] tracking-tight whitespace-nowrap text-brand-800 aria-pressed:bg-brand-600 aria-pressed:text-white sm:px-2 sm:text-sm sm:tracking-normal'

/**
 * A local stand-in for the calendar embed: a week view drawn into the host, opened by its button.
 * A tester picks a time and books it; the stand-in then raises the booking as the embed would.
 * `bookingUrl` is the live one (the calendar's page when configured), never /schedule.
 */
export function createStandInCalendar(bookingUrl: string | undefined): CalendarService {
  let host: HTMLElement | null = null
  const listeners = new Set<(booking: CalendarBooking) => void>()
  const open = () => {
    if (!host || host.childElementCount) return
    const panel = document.createElement('section')
    panel.setAttribute('aria-label', 'Calendar (offline stand-in), week view')
    panel.className = 'rounded-xl border border-slate-200 bg-white p-2 text-xs sm:p-4 sm:text-sm'
    const week = document.createElement('div')
    week.className = 'grid grid-cols-5 gap-1 sm:gap-2'
    const book = document.createElement('button')
    book.type = 'button'
    book.className = 'btn-primary mt-4'
    book.textContent = 'Book this time'
    book.disabled = true
    let picked: string | null = null
    days.forEach((day, dayIndex) => {
      const column = document.createElement('div')
      column.innerHTML = `<p class="mb-2 font-semibold">${day}</p>`
      for (const time of times) {
        const slot = document.createElement('button')
        slot.type = 'button'
        slot.className = slotClass
        slot.textContent = time.label
        slot.setAttribute('aria-label', `${day} ${time.label}`)
        slot.setAttribute('aria-pressed', 'false')
        slot.addEventListener('click', () => {
          for (const other of week.querySelectorAll('[aria-pressed]')) other.setAttribute('aria-pressed', 'false')
          slot.setAttribute('aria-pressed', 'true')
          picked = nextSlot(dayIndex, time.hour, time.minute)
          book.disabled = false
        })
        column.appendChild(slot)
      }
      week.appendChild(column)
    })
    book.addEventListener('click', () => {
      if (!picked) return
      const booking = { startTime: picked }
      panel.replaceChildren(Object.assign(document.createElement('p'), { textContent: 'Booked (offline stand-in).' }))
      for (const listener of [...listeners]) listener(booking)
    })
    panel.append(week, book)
    host.appendChild(panel)
  }
  return {
    bookingUrl,
    triggerAttributes: (prefill) => ({
      'data-cal-namespace': CAL_NAMESPACE,
      'data-cal-link': 'mock/30min',
      'data-cal-config': calConfig(prefill),
    }),
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
    onBooked(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
