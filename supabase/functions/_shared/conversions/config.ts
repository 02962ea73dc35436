import type { CountryCode } from 'libphonenumber-js/min'
import type { GoogleSettings } from './google-client.ts'
import type { MetaSettings } from './meta-client.ts'
import type { NotConfigured } from './outcome.ts'

export const DEFAULT_GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
export const DEFAULT_GOOGLE_API_URL = 'https://datamanager.googleapis.com'
export const DEFAULT_META_API_URL = 'https://graph.facebook.com'
export const DEFAULT_META_API_VERSION = 'v23.0'

/** Reads one setting: `env` from runtime/env.ts in a function. */
type Read = (name: string) => string | undefined

/** Blank counts as missing, whatever the reader: a token of spaces must not be sent. */
const trimmed =
  (read: Read): Read =>
  (name) =>
    read(name)?.trim() || undefined

function required<T extends string>(read: Read, names: readonly T[]): { values: Record<T, string> } | NotConfigured {
  const values = {} as Record<T, string>
  const missing: string[] = []
  for (const name of names) {
    const value = read(name)
    if (value) values[name] = value
    else missing.push(name)
  }
  return missing.length > 0 ? { missing, partly: missing.length < names.length } : { values }
}

const positive = (text: string | undefined): number | undefined => {
  const value = Number(text)
  return Number.isInteger(value) && value > 0 ? value : undefined
}

const GOOGLE_REQUIRED = [
  'GOOGLE_DM_CLIENT_ID',
  'GOOGLE_DM_CLIENT_SECRET',
  'GOOGLE_DM_REFRESH_TOKEN',
  'GOOGLE_DM_OPERATING_ACCOUNT_ID',
  'GOOGLE_DM_LEAD_ACTION_ID',
  'GOOGLE_DM_CALL_ACTION_ID',
  'GOOGLE_DM_PURCHASE_ACTION_ID',
] as const

/** GOOGLE_DM_* (docs/ad-conversions.md): all required ones set, or the missing ones named. */
export function googleSettings(raw: Read, home?: CountryCode): GoogleSettings | NotConfigured {
  const read = trimmed(raw)
  const found = required(read, GOOGLE_REQUIRED)
  if ('missing' in found) return found
  const v = found.values
  const timeoutMs = positive(read('GOOGLE_DM_TIMEOUT_MS'))
  const loginAccountId = read('GOOGLE_DM_LOGIN_ACCOUNT_ID')?.replaceAll('-', '')
  return {
    tokenUrl: read('GOOGLE_DM_TOKEN_URL') ?? DEFAULT_GOOGLE_TOKEN_URL,
    apiUrl: read('GOOGLE_DM_API_URL') ?? DEFAULT_GOOGLE_API_URL,
    clientId: v.GOOGLE_DM_CLIENT_ID,
    clientSecret: v.GOOGLE_DM_CLIENT_SECRET,
    refreshToken: v.GOOGLE_DM_REFRESH_TOKEN,
    operatingAccountId: v.GOOGLE_DM_OPERATING_ACCOUNT_ID.replaceAll('-', ''),
    ...(loginAccountId && { loginAccountId }),
    conversionActions: { lead: v.GOOGLE_DM_LEAD_ACTION_ID, call: v.GOOGLE_DM_CALL_ACTION_ID, purchase: v.GOOGLE_DM_PURCHASE_ACTION_ID },
    ...(read('GOOGLE_DM_VALIDATE_ONLY') === 'true' && { validateOnly: true }),
    ...(timeoutMs && { timeoutMs }),
    ...(home && { home }),
  }
}

/** META_CAPI_* (docs/ad-conversions.md); the pixel and its token are required. */
export function metaSettings(raw: Read, home?: CountryCode): MetaSettings | NotConfigured {
  const read = trimmed(raw)
  const found = required(read, ['META_CAPI_PIXEL_ID', 'META_CAPI_ACCESS_TOKEN'] as const)
  if ('missing' in found) return found
  const testEventCode = read('META_CAPI_TEST_EVENT_CODE')
  const timeoutMs = positive(read('META_CAPI_TIMEOUT_MS'))
  return {
    apiUrl: read('META_CAPI_API_URL') ?? DEFAULT_META_API_URL,
    apiVersion: read('META_CAPI_API_VERSION') ?? DEFAULT_META_API_VERSION,
    pixelId: found.values.META_CAPI_PIXEL_ID,
    accessToken: found.values.META_CAPI_ACCESS_TOKEN,
    ...(testEventCode && { testEventCode }),
    ...(timeoutMs && { timeoutMs }),
    ...(home && { home }),
  }
}
