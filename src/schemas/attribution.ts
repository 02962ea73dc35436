// Where a lead, registration or booking came from: the ad click's values and the consent the visitor
// had given when the record was sent (docs/attribution.md holds the stored shape). Checked by the
// page before sending and by the `leads` and `enterprise-register` functions before storing.
// Imports nothing but valibot and siblings with explicit extensions, so Deno loads it as it is.
import * as v from 'valibot'
import { CLICK_ID_PATTERN, CONSENT_SOURCES, LANDING_URL_MAX_LENGTH } from './attribution-fields.ts'
import { withoutInvisible } from './visitor-text.ts'

// Every message is ours: a refusal never repeats what was sent.
const clickId = v.optional(v.pipe(v.string('a click id'), v.regex(CLICK_ID_PATTERN, 'a click id of URL-safe characters, at most 300')))
const signal = v.picklist(['granted', 'denied'], 'granted or denied')
// As the lead's tracking takes them (text of the visit's ad link, escaped wherever it is shown).
const trackingValue = v.optional(
  v.pipe(v.string('text'), v.transform(withoutInvisible), v.trim(), v.maxLength(100, 'at most 100 characters')),
  '',
)

/** Unknown keys are dropped (valibot's object), as at every level below. */
export const ClickIdsSchema = v.object({ gclid: clickId, gbraid: clickId, wbraid: clickId, fbclid: clickId, msclkid: clickId }, 'click ids')

/** Consent Mode v2 as it stood when the record was sent, and where that state came from. */
export const AdConsentSchema = v.object(
  {
    /** Whether the banner was put to this visitor (a choice was made, or they are asked at once). */
    asked: v.boolean('true or false'),
    source: v.picklist(CONSENT_SOURCES, 'region-default, banner or not-asked'),
    ad_storage: signal,
    ad_user_data: signal,
    ad_personalization: signal,
    analytics_storage: signal,
  },
  'the consent state',
)

const landingUrl = v.nullable(
  v.pipe(
    v.string('a URL'),
    v.maxLength(LANDING_URL_MAX_LENGTH, 'at most 300 characters'),
    v.url('a URL'),
    v.regex(/^https?:\/\/[^?#\s]+$/, 'an http(s) origin and path only'),
  ),
)

export const AttributionSchema = v.pipe(
  v.object(
    {
      platform: trackingValue,
      keyword: trackingValue,
      clickIds: v.optional(ClickIdsSchema, {}),
      /** When the visitor landed from the click, in ms since the epoch (the landing page's navigation start). */
      clickAt: v.optional(
        v.nullable(
          v.pipe(
            v.number('a time in ms'),
            v.integer('a time in ms'),
            v.minValue(1_500_000_000_000, 'a time in ms'),
            v.maxValue(4_102_444_800_000, 'a time in ms'),
          ),
        ),
        null,
      ),
      landingUrl: v.optional(landingUrl, null),
      consent: AdConsentSchema,
    },
    'an attribution',
  ),
  // Without ad_user_data granted no click id is kept, whatever a page sent (the platforms' rule and ours).
  v.transform((attribution) => {
    const clickIds = Object.fromEntries(Object.entries(attribution.clickIds).filter(([, id]) => id !== undefined))
    const allowed = attribution.consent.ad_user_data === 'granted' && Object.keys(clickIds).length > 0
    return { ...attribution, clickIds: (allowed ? clickIds : {}) as ClickIds, clickAt: allowed ? attribution.clickAt : null }
  }),
)

export type Attribution = v.InferOutput<typeof AttributionSchema>
export type ClickIds = v.InferOutput<typeof ClickIdsSchema>
