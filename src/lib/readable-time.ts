// Shared by the site (the visitor's time zone) and the edge functions (the agency's); it imports
// nothing, so Deno loads it as it is.

/**
 * A moment as people read it, in `timeZone` (default: the runtime's own), e.g.
 * 'Wed 25 Nov 2026, 8:12 pm AEDT'.
 */
export function readableTime(when: Date | string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).formatToParts(new Date(when))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`
}
