import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'

export const DEFAULT_AGENCY_COUNTRY: CountryCode = 'AU'

// Read where it is used, and optionally: the builders also run in the site's node tests, which have no Deno.
const configuredCountry = (): string | undefined =>
  (globalThis as { Deno?: { env: { get(name: string): string | undefined } } }).Deno?.env.get('AGENCY_COUNTRY')?.trim().toUpperCase() ||
  undefined

/** The country a national number (a leading 0) belongs to: AGENCY_COUNTRY, default AU. */
export const agencyCountry = (): CountryCode => (configuredCountry() as CountryCode | undefined) ?? DEFAULT_AGENCY_COUNTRY

export type Phone = {
  /** '+61412345678' */
  e164: string
  /** 'AU'; the agency's country for a number that belongs to none (+800). */
  country: CountryCode
  /** '0412 345 678' in the agency's country, '+44 20 7946 0958' for any other. */
  readable: string
}

/** A phone as typed ('0412 345 678', '+61 412 345 678', '(04) 1234 5678'), or undefined when it is not a valid number. */
export function parsePhone(raw: string | null | undefined, home: CountryCode = agencyCountry()): Phone | undefined {
  let parsed
  try {
    parsed = parsePhoneNumberFromString(raw ?? '', home)
  } catch {
    return undefined
  }
  if (!parsed?.isValid()) return undefined
  const country = parsed.country ?? home
  return { e164: parsed.number, country, readable: country === home ? parsed.formatNational() : parsed.formatInternational() }
}

/** The board's phone column: E.164 with its own country, so its flag and click-to-call are right (deviation 9). */
export function boardPhone(raw: string, home: CountryCode = agencyCountry()): { phone: string; countryShortName: string } {
  const phone = parsePhone(raw, home)
  return phone ? { phone: phone.e164, countryShortName: phone.country } : { phone: raw, countryShortName: home }
}

/** For a person to read: formatted for its country, or as typed when it is no valid number. */
export const readablePhone = (raw: string | null | undefined): string => parsePhone(raw)?.readable ?? (raw || '-')
