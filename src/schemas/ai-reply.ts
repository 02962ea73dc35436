// Shared by the /reply page, the ai-reply service, the MSW handler and the `ai-reply` edge
// function. It imports nothing but valibot, so Deno can load it as it is.
import * as v from 'valibot'
import { withoutInvisible } from './visitor-text.ts'

export const REVIEW_MAX_CHARS = 2_000
/** Bodies over this size are refused with 413 before they are parsed. */
export const REQUEST_MAX_BYTES = 8 * 1024
export const RATINGS = [1, 2, 3, 4, 5] as const
export const TONES = ['warm', 'professional', 'brief'] as const
/** 'health': veterinary and other health practices, where a reply must never confirm a visit. */
export const BUSINESS_KINDS = ['general', 'health'] as const
export const REPLY_SOURCES = ['ai', 'template'] as const
/** Why a template stands in for the model: no model configured or it failed, too slow, daily cap, a failed check. */
export const FALLBACK_REASONS = ['down', 'slow', 'capped', 'unsafe'] as const

export type Rating = (typeof RATINGS)[number]
export type Tone = (typeof TONES)[number]
export type BusinessKind = (typeof BUSINESS_KINDS)[number]
export type ReplySource = (typeof REPLY_SOURCES)[number]
export type FallbackReason = (typeof FALLBACK_REASONS)[number]
/** Why the page shows a template: the function's reasons, or the visitor's own rate limit (the browser's choice). */
export type TemplateReason = FallbackReason | 'rate-limited'

const visible = v.transform(withoutInvisible)
const optionalText = (max: number, message: string) => v.optional(v.pipe(v.string(), visible, v.trim(), v.maxLength(max, message)), '')

export const AiReplyRequestSchema = v.object({
  review: v.pipe(
    v.string('Please paste the review'),
    visible,
    v.trim(),
    v.nonEmpty('Please paste the review'),
    v.maxLength(REVIEW_MAX_CHARS, `The review can be up to ${REVIEW_MAX_CHARS} characters`),
  ),
  rating: v.picklist(RATINGS, 'Please choose the star rating'),
  firstName: optionalText(40, "The reviewer's first name can be up to 40 characters"),
  business: v.pipe(
    v.string('Please enter your business name'),
    visible,
    v.trim(),
    v.nonEmpty('Please enter your business name'),
    v.maxLength(100, 'The business name can be up to 100 characters'),
  ),
  kind: v.picklist(BUSINESS_KINDS, 'Please choose the kind of business'),
  tone: v.picklist(TONES, 'Please choose a tone'),
})
export type AiReplyRequest = v.InferOutput<typeof AiReplyRequestSchema>
/** The form as the visitor fills it in: no rating until one is chosen. */
export type ReplyFormValues = Omit<AiReplyRequest, 'rating'> & { rating: Rating | null }
export type ReplyField = keyof ReplyFormValues

/**
 * The function's stream, one JSON object per server-sent event. `chunk` text has passed the checks
 * for everything sent so far; `done` carries the whole final reply, which replaces what was shown.
 */
export const AiReplyEventSchema = v.variant('type', [
  /** `source`: model text that passed the checks so far, or a template streamed (offline). */
  v.object({ type: v.literal('chunk'), text: v.string(), source: v.picklist(REPLY_SOURCES) }),
  v.object({
    type: v.literal('done'),
    text: v.string(),
    source: v.picklist(REPLY_SOURCES),
    reason: v.optional(v.picklist(FALLBACK_REASONS)),
  }),
])
export type AiReplyEvent = v.InferOutput<typeof AiReplyEventSchema>

/** Why no draft came ('down': the page writes the template reply itself). */
// 'verification-failed': the function found no valid bot-check token (a blocked widget, a failed challenge).
export const REPLY_FAILURE_KINDS = ['rate-limited', 'invalid', 'verification-failed', 'down'] as const
export type ReplyFailureKind = (typeof REPLY_FAILURE_KINDS)[number]

export const AI_REPLY_CODES = ['invalid', 'too-large', 'rate-limited', 'unavailable'] as const
export type AiReplyCode = (typeof AI_REPLY_CODES)[number]

/**
 * What a lead booked from /reply carries to the board: never the review or the reply. The business
 * name typed for the reply rides here, not in the lead's business address, which the visitor fills.
 */
export const LeadReplySchema = v.strictObject({
  rating: v.picklist(RATINGS),
  tone: v.picklist(TONES),
  kind: v.picklist(BUSINESS_KINDS),
  source: v.picklist(REPLY_SOURCES),
  businessName: v.optional(v.pipe(v.string(), visible, v.trim(), v.maxLength(100))),
})
export type LeadReply = v.InferOutput<typeof LeadReplySchema>

/** One server-sent event. */
export const sseEvent = (event: AiReplyEvent) => `data: ${JSON.stringify(event)}\n\n`
