import { readableTime } from '../../../../src/lib/readable-time.ts'

export const DEFAULT_AGENCY_TIME_ZONE = 'Australia/Sydney'

// Read where it is used, and optionally: the alert and note builders also run in the site's node tests, which have no Deno.
const configuredZone = (): string | undefined =>
  (globalThis as { Deno?: { env: { get(name: string): string | undefined } } }).Deno?.env.get('AGENCY_TIME_ZONE')?.trim() || undefined

/**
 * A stored (UTC) moment as the agency's staff read it, in AGENCY_TIME_ZONE (default Australia/Sydney):
 * 'Wed 25 Nov 2026, 8:12 pm AEDT'. A zone Intl does not know falls back to the default.
 */
export function agencyTime(when: Date | string, timeZone = configuredZone() ?? DEFAULT_AGENCY_TIME_ZONE): string {
  try {
    return readableTime(when, timeZone)
  } catch {
    return readableTime(when, DEFAULT_AGENCY_TIME_ZONE)
  }
}
