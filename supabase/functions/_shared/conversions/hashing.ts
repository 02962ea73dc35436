import { parsePhone } from '../runtime/phone.ts'
import type { CountryCode } from 'libphonenumber-js/min'

/** SHA-256 of the UTF-8 bytes, as lower-case hex (Google's `encoding: 'HEX'`; Meta's only form). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * Google (Data Manager "Format user data"): lower-cased, every space removed; for gmail.com and
 * googlemail.com the dots and a `+suffix` of the local part removed, for any other domain kept.
 */
export function googleEmail(raw: string): string | undefined {
  const email = raw.replace(/\s+/g, '').toLowerCase()
  const at = email.lastIndexOf('@')
  if (at < 1 || at === email.length - 1) return undefined
  const domain = email.slice(at + 1)
  if (!GMAIL_DOMAINS.has(domain)) return email
  const local = email.slice(0, at).split('+')[0]!.replaceAll('.', '')
  return local ? `${local}@${domain}` : undefined
}

/** Google: E.164 with its `+` ('+18005550100'); a national number is read in `home` (AGENCY_COUNTRY). */
export function googlePhone(raw: string, home?: CountryCode): string | undefined {
  return parsePhone(raw, home)?.e164
}

/** Meta (customer information parameters, `em`): trimmed and lower-cased, nothing else removed. */
export function metaEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase()
  return /^[^@\s]+@[^@\s]+$/.test(email) ? email : undefined
}

/** Meta (`ph`): digits only, with the country code and no `+` ('16505551212'). */
export function metaPhone(raw: string, home?: CountryCode): string | undefined {
  return googlePhone(raw, home)?.slice(1)
}

/**
 * Meta's `fbc`: `fb.1.<click time in ms>.<fbclid>`; the fbclid is case-sensitive and kept exactly
 * as it came in the landing URL (Meta: "ClickID value is case sensitive").
 */
export function metaFbc(fbclid: string, clickAtMs: number): string {
  return `fb.1.${Math.trunc(clickAtMs)}.${fbclid}`
}

export async function hashed(normalised: string | undefined): Promise<string | undefined> {
  return normalised === undefined ? undefined : sha256Hex(normalised)
}
