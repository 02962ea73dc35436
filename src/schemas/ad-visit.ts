// One landing visit that came from an ad click whose id consent lets us keep (issue 44 point 6): the
// ad link's platform and keyword and which KINDS of click id came, never an id. Sent once per visit by
// the page's boot (src/lib/ad-visit-beacon.ts, no valibot) as a form body; checked by the `ad-visits`
// function and its MSW stand-in. Imports nothing but valibot and siblings, so Deno loads it as it is.
import * as v from 'valibot'
import { CLICK_ID_NAMES } from './attribution-fields.ts'
import { withoutInvisible } from './visitor-text.ts'

const trackingValue = v.pipe(v.string('text'), v.transform(withoutInvisible), v.trim(), v.maxLength(100, 'at most 100 characters'))

/** Unknown fields are refused: nothing else may ride along (strictObject). */
export const AdVisitSchema = v.strictObject(
  {
    platform: v.optional(trackingValue, ''),
    keyword: v.optional(trackingValue, ''),
    /** `gclid,fbclid` in a form body: each kind once, at least one. */
    kinds: v.pipe(
      v.string('the kinds of click id'),
      v.transform((kinds) => kinds.split(',')),
      v.array(v.picklist(CLICK_ID_NAMES, 'gclid, gbraid, wbraid, fbclid or msclkid')),
      v.minLength(1, 'at least one kind of click id'),
      v.maxLength(CLICK_ID_NAMES.length, 'each kind once'),
      v.check((kinds) => new Set(kinds).size === kinds.length, 'each kind once'),
      v.transform((kinds) => [...kinds].sort().join('+')),
    ),
  },
  'platform, keyword and kinds only',
)
export type AdVisit = v.InferOutput<typeof AdVisitSchema>

/** The body's largest honest size: two values of 100 characters, percent-encoded, and the kinds. */
export const AD_VISIT_MAX_BYTES = 1_024
