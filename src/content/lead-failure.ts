import { durationInWords } from '@/lib/duration-words'
import { LEAD_RATE_LIMITED, LEAD_SUBMIT_FAILED } from '@/schemas/lead'
import type { CallUsLine } from '@/content/call-us-line'

/** The failures a lead form explains above its button (field errors sit at their fields). */
export type LeadFailureKind = 'submit-failed' | 'rate-limited'

/** The sentence that carries the sales phone: the words before the number, and any after it. */

export type LeadFailureCopy = { message: string; callUs: CallUsLine }

/**
 * A failed lead's two sentences, which must agree: the first says what to do (SPEC §8's text for a
 * failure), the second what to do if that does not work. A wait the server gave appears once, in words.
 */
export function leadFailureCopy(kind: LeadFailureKind, retryAfterSeconds: number | null = null): LeadFailureCopy {
  const wait = retryAfterSeconds ? durationInWords(retryAfterSeconds) : null
  if (kind === 'rate-limited') {
    return {
      message: wait ? `Too many submissions from your connection. Please wait ${wait} and try again.` : LEAD_RATE_LIMITED,
      callUs: { before: 'If you would rather not wait, call us on' },
    }
  }
  return {
    message: LEAD_SUBMIT_FAILED,
    callUs: { before: 'If it fails again, call us on', ...(wait ? { after: `, or try again in ${wait}` } : {}) },
  }
}
