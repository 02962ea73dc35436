import type { CountryCode } from 'libphonenumber-js/min'
import {
  adUserDataGranted,
  clickRefusal,
  META_EVENT_MAX_AGE_MS,
  type Built,
  type ConversionInput,
  type ConversionKind,
} from './conversion.ts'
import { hashed, metaEmail, metaFbc, metaPhone } from './hashing.ts'

export const META_EVENT_NAMES: Record<ConversionKind, 'Lead' | 'Schedule' | 'Purchase'> = {
  lead: 'Lead',
  call: 'Schedule',
  purchase: 'Purchase',
}

/** One element of `data[]` of `POST /{version}/{pixel}/events`. */
export type MetaEvent = {
  event_name: 'Lead' | 'Schedule' | 'Purchase'
  /** Seconds since the epoch. */
  event_time: number
  event_id: string
  action_source: 'website'
  event_source_url: string
  user_data: { em?: string[]; ph?: string[]; fbc: string; client_user_agent: string }
  custom_data?: { value: number; currency: 'USD' }
}

/**
 * Consent: Meta's Conversions API carries no consent signal of its own (its `data_processing_options`
 * is for US state laws), so an event whose visitor denied `ad_user_data`, or never gave it, is not
 * sent at all. Only the fbclid's visitor is reported: no fbclid, no event.
 */
export async function buildMetaEvent(input: ConversionInput, now: Date, options: { home?: CountryCode } = {}): Promise<Built<MetaEvent>> {
  const { fbclid } = input.attribution.clickIds
  if (!fbclid) return { kind: 'skip', reason: 'no-click-id' }
  if (!adUserDataGranted(input)) return { kind: 'skip', reason: 'consent-denied' }
  const refusal = clickRefusal(input)
  if (refusal) return { kind: 'skip', reason: refusal }
  if (now.getTime() - input.at.getTime() > META_EVENT_MAX_AGE_MS) return { kind: 'skip', reason: 'event-too-old' }
  const sourceUrl = input.sourceUrl ?? input.attribution.landingUrl
  if (!sourceUrl || !input.userAgent) return { kind: 'skip', reason: 'no-website-context' }
  const em = await hashed(input.email ? metaEmail(input.email) : undefined)
  const ph = await hashed(input.phone ? metaPhone(input.phone, options.home) : undefined)
  return {
    kind: 'event',
    event: {
      event_name: META_EVENT_NAMES[input.kind],
      event_time: Math.floor(input.at.getTime() / 1000),
      event_id: input.dedupKey,
      action_source: 'website',
      event_source_url: sourceUrl,
      user_data: {
        ...(em && { em: [em] }),
        ...(ph && { ph: [ph] }),
        fbc: metaFbc(fbclid, input.attribution.clickAt),
        client_user_agent: input.userAgent,
      },
      ...(input.valueUsd !== undefined && { custom_data: { value: input.valueUsd, currency: 'USD' as const } }),
    },
  }
}
