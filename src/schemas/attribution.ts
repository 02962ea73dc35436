// Where a lead, registration or booking came from: the ad click's values and the consent the visitor
// had given when the record was sent (docs/attribution.md holds the stored shape). Checked by the
// page before sending and by the `leads` and `enterprise-register` functions before storing.
// Imports nothing but valibot and siblings with explicit extensions, so Deno loads it as it is.
import * as v from 'valibot'
import { CLICK_ID_PATTERN, CONSENT_SOURCES, LANDING_URL_MAX_LENGTH } from './attribution-fields.ts'

const clickId = v.optional(v.pipe(v.string(), v.regex(CLICK_ID_PATTERN)))
const signal = v.picklist(['granted', 'denied'])
const trackingValue = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100), v.regex(/^[^<>\p{Cc}\p{Cf}]*$/u)), '')

/** Unknown keys are dropped (valibot's object), as at every level below. */
export const ClickIdsSchema = v.object({ gclid: clickId, gbraid: clickId, wbraid: clickId, fbclid: clickId, msclkid: clickId })

/** Consent Mode v2 as it stood when the record was sent, and where that state came from. */
export const AdConsentSchema = v.object({
  /** Whether the banner was put to this visitor (a choice was made, or they are asked at once). */
  asked: v.boolean(),
  source: v.picklist(CONSENT_SOURCES),
  ad_storage: signal,
  ad_user_data: signal,
  ad_personalization: signal,
  analytics_storage: signal,
})

const landingUrl = v.nullable(
  v.pipe(v.string(), v.maxLength(LANDING_URL_MAX_LENGTH), v.url(), v.regex(/^https?:\/\/[^?#\s]+$/, 'origin and path only')),
)

export const AttributionSchema = v.pipe(
  v.object({
    platform: trackingValue,
    keyword: trackingValue,
    clickIds: v.optional(ClickIdsSchema, {}),
    /** When the visitor landed from the click, in ms since the epoch (the landing page's navigation start). */
    clickAt: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1_500_000_000_000), v.maxValue(4_102_444_800_000))), null),
    landingUrl: v.optional(landingUrl, null),
    consent: AdConsentSchema,
  }),
  // Without ad_user_data granted no click id is kept, whatever a page sent (the platforms' rule and ours).
  v.transform((attribution) => {
    const clickIds = Object.fromEntries(Object.entries(attribution.clickIds).filter(([, id]) => id !== undefined))
    const allowed = attribution.consent.ad_user_data === 'granted' && Object.keys(clickIds).length > 0
    return { ...attribution, clickIds: (allowed ? clickIds : {}) as ClickIds, clickAt: allowed ? attribution.clickAt : null }
  }),
)

export type Attribution = v.InferOutput<typeof AttributionSchema>
export type AdConsent = v.InferOutput<typeof AdConsentSchema>
export type ClickIds = v.InferOutput<typeof ClickIdsSchema>
