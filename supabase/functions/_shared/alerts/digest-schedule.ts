/** The agency's morning: the digest goes out from this hour on, once per agency day. */
export const DIGEST_HOUR = 7

/** The agency-local calendar day ('2026-10-04') and hour of a moment, summer time included. */
export function agencyClock(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) }
}

/** The day whose digest is due at `now` (the job runs hourly), or undefined before the agency's 07:00. */
export function digestDay(now: Date, timeZone: string): string | undefined {
  const clock = agencyClock(now, timeZone)
  return clock.hour >= DIGEST_HOUR ? clock.day : undefined
}
