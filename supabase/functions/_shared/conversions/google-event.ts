import type { CountryCode } from 'libphonenumber-js/min'
import {
  adPersonalizationGranted,
  adUserDataGranted,
  clickRefusal,
  type Built,
  type ConversionInput,
  type ConversionKind,
} from './conversion.ts'
import { googleEmail, googlePhone, hashed } from './hashing.ts'

/** Where Google's events go: the Google Ads account that owns the conversion actions, one per kind. */
export type GoogleDestination = {
  /** 10 digits, no hyphens: the account that owns the import-type conversion actions. */
  operatingAccountId: string
  /** The manager account the OAuth user signs in through; the operating account when unset. */
  loginAccountId?: string
  /** The conversion action id of each kind (`productDestinationId`). */
  conversionActions: Record<ConversionKind, string>
}

type ConsentStatus = 'CONSENT_GRANTED' | 'CONSENT_DENIED'
type Account = { accountType: 'GOOGLE_ADS'; accountId: string }
export type GoogleEvent = {
  transactionId: string
  eventTimestamp: string
  eventSource: 'WEB'
  adIdentifiers: { gclid: string } | { gbraid: string } | { wbraid: string }
  userData?: { userIdentifiers: ({ emailAddress: string } | { phoneNumber: string })[] }
  consent: { adUserData: ConsentStatus; adPersonalization: ConsentStatus }
  conversionValue?: number
  currency?: 'USD'
}
/** The body of `POST /v1/events:ingest`: one event per request, so one refused event fails nothing else. */
export type GoogleIngestRequest = {
  destinations: { operatingAccount: Account; loginAccount: Account; productDestinationId: string }[]
  encoding: 'HEX'
  validateOnly?: boolean
  events: [GoogleEvent]
}

const status = (granted: boolean): ConsentStatus => (granted ? 'CONSENT_GRANTED' : 'CONSENT_DENIED')

/** Exactly one click id: gclid, else gbraid (app), else wbraid (web, iOS). */
function adIdentifiers(input: ConversionInput): GoogleEvent['adIdentifiers'] | undefined {
  const { gclid, gbraid, wbraid } = input.attribution.clickIds
  if (gclid) return { gclid }
  if (gbraid) return { gbraid }
  if (wbraid) return { wbraid }
  return undefined
}

/**
 * Consent: `ad_user_data` governs sending a visitor's data to Google for advertising, and a click id
 * is such data, so a denied (or unanswered) visitor is not reported at all, as on Meta. Granted sends
 * the click, the hashes and the consent as given (`adPersonalization` may still be denied).
 */
export async function buildGoogleRequest(
  input: ConversionInput,
  destination: GoogleDestination,
  options: { validateOnly?: boolean; home?: CountryCode } = {},
): Promise<Built<GoogleIngestRequest>> {
  const ids = adIdentifiers(input)
  if (!ids) return { kind: 'skip', reason: 'no-click-id' }
  if (!adUserDataGranted(input)) return { kind: 'skip', reason: 'consent-denied' }
  const refusal = clickRefusal(input)
  if (refusal) return { kind: 'skip', reason: refusal }
  const userData = await userIdentifiers(input, options.home)
  const event: GoogleEvent = {
    transactionId: input.dedupKey,
    eventTimestamp: input.at.toISOString(),
    eventSource: 'WEB',
    adIdentifiers: ids,
    ...(userData && { userData }),
    consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: status(adPersonalizationGranted(input)) },
    ...(input.valueUsd !== undefined && { conversionValue: input.valueUsd, currency: 'USD' as const }),
  }
  const operatingAccount: Account = { accountType: 'GOOGLE_ADS', accountId: destination.operatingAccountId }
  const loginAccount: Account = { accountType: 'GOOGLE_ADS', accountId: destination.loginAccountId ?? destination.operatingAccountId }
  return {
    kind: 'event',
    event: {
      destinations: [{ operatingAccount, loginAccount, productDestinationId: destination.conversionActions[input.kind] }],
      encoding: 'HEX',
      ...(options.validateOnly && { validateOnly: true }),
      events: [event],
    },
  }
}

async function userIdentifiers(input: ConversionInput, home?: CountryCode): Promise<GoogleEvent['userData']> {
  const emailAddress = await hashed(input.email ? googleEmail(input.email) : undefined)
  const phoneNumber = await hashed(input.phone ? googlePhone(input.phone, home) : undefined)
  const userIdentifiers = [...(emailAddress ? [{ emailAddress }] : []), ...(phoneNumber ? [{ phoneNumber }] : [])]
  return userIdentifiers.length > 0 ? { userIdentifiers } : undefined
}
