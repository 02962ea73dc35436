// Shared by the lead form, the leads service, the MSW handlers and the `leads` edge function.
// It imports nothing but valibot, with explicit extensions, so Deno can load it as it is.
import * as v from 'valibot'
import { LeadReplySchema } from './ai-reply.ts'
import { AttributionSchema } from './attribution.ts'
import { withoutInvisible } from './visitor-text.ts'
import { isAcceptablePhone, normalisePhone, PHONE_INVALID, PHONE_MAX_LENGTH } from './lead-phone.ts'

export const GENERAL_LOCATIONS = ['1', '2-10', '11-50', '50+'] as const
export const VET_LOCATIONS = ['1', '2-5', '6-15', '15+'] as const
export const ALL_LOCATIONS = [...new Set([...GENERAL_LOCATIONS, ...VET_LOCATIONS])] as const

export const ADDRESS_REQUIRED = 'Please enter your business address'
export const LEAD_SUBMIT_FAILED = 'An error occurred. Please try again.'
export const LEAD_RATE_LIMITED = 'Too many submissions from your connection. Please wait a few minutes and try again.'

/** What went wrong with a lead as a whole, as the form machine names it; the text lives in src/content/lead-failure.ts. */
export type LeadErrorKind = 'submit-failed' | 'rate-limited'

export const NAME_MAX_LENGTH = 100
export const EMAIL_MAX_LENGTH = 254
export const BUSINESS_MAX_LENGTH = 300
export const NOTE_MAX_LENGTH = 1000

/**
 * Anything but blank: the name and address inputs' `pattern`, so the browser refuses what the schema
 * would empty (its trim, and the invisible characters visitor-text.ts removes).
 */
export const NON_BLANK_INPUT_PATTERN = '[\\s\\S]*[^\\s\\p{Cf}\\x01-\\x08\\x0B-\\x1F\\x7F-\\x9F][\\s\\S]*'

// Every address this accepts is also a valid e-mail to the browser (WHATWG's `type=email`), so the
// browser's own check never refuses one the function takes. Written for the `v` flag browsers
// compile `pattern` with, which reads the same under `u`.
const LOCAL = "[A-Za-z0-9_'+\\-]+"
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9\\-]{0,61}[A-Za-z0-9])?'
/** The e-mails we take, as the input's `pattern` and the schema's check: a dot in the domain, a TLD of 2+ characters. */
export const EMAIL_INPUT_PATTERN = `\\s*${LOCAL}(?:\\.${LOCAL})*@(?:${LABEL}\\.)+[A-Za-z](?:[A-Za-z0-9\\-]{0,61}[A-Za-z0-9])\\s*`

/**
 * The visitor's text for each refusal, one per field and reason. The function answers a 400 with
 * the same texts; the form shows its own, so a server's words never reach the page (SPEC §8).
 */
export const LEAD_FIELD_TEXT = {
  locations: { required: 'Please choose the number of locations' },
  name: { required: 'Please enter your name', invalid: `Please enter a name of up to ${NAME_MAX_LENGTH} characters` },
  phone: { required: 'Please enter your phone number', invalid: PHONE_INVALID },
  email: { required: 'Please enter your email', invalid: 'Please enter a valid email' },
  business: { required: ADDRESS_REQUIRED, invalid: `Please enter an address of up to ${BUSINESS_MAX_LENGTH} characters` },
  note: { invalid: `Please keep the note to ${NOTE_MAX_LENGTH} characters` },
} as const

// Every text a visitor sends loses its invisible characters first (visitor-text.ts), before any channel sees it.
const visible = v.transform(withoutInvisible)
const text = (max: number) => v.pipe(v.string(), visible, v.trim(), v.maxLength(max))
const required = (max: number, messages: { required: string; invalid: string }) =>
  v.pipe(v.string(messages.required), visible, v.trim(), v.nonEmpty(messages.required), v.maxLength(max, messages.invalid))
const anchored = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'u')

export const LeadSchema = v.object({
  locations: v.picklist(ALL_LOCATIONS, LEAD_FIELD_TEXT.locations.required),
  name: required(NAME_MAX_LENGTH, LEAD_FIELD_TEXT.name),
  // As typed or autofilled ('+61 422 470 721'); what goes on is digits with a leading + kept.
  phone: v.pipe(required(PHONE_MAX_LENGTH, LEAD_FIELD_TEXT.phone), v.check(isAcceptablePhone, PHONE_INVALID), v.transform(normalisePhone)),
  email: v.pipe(required(EMAIL_MAX_LENGTH, LEAD_FIELD_TEXT.email), v.regex(anchored(EMAIL_INPUT_PATTERN), LEAD_FIELD_TEXT.email.invalid)),
  business: required(BUSINESS_MAX_LENGTH, LEAD_FIELD_TEXT.business),
  note: v.optional(
    v.pipe(v.string(LEAD_FIELD_TEXT.note.invalid), visible, v.trim(), v.maxLength(NOTE_MAX_LENGTH, LEAD_FIELD_TEXT.note.invalid)),
    '',
  ),
})

export type LeadFieldName = keyof typeof LEAD_FIELD_TEXT
export const LEAD_FIELD_NAMES = Object.keys(LEAD_FIELD_TEXT) as LeadFieldName[]
/** The first refusal of each field, as the visitor reads it. */
export type LeadFieldErrors = Partial<Record<LeadFieldName, string>>

/** What the schema refuses in a lead as typed, field by field: what the form marks before sending. */
export function leadFieldErrors(lead: Record<LeadFieldName, string>): LeadFieldErrors {
  const result = v.safeParse(LeadSchema, lead)
  if (result.success) return {}
  return fieldErrorsOf(result.issues.map((issue) => ({ path: `lead.${v.getDotPath(issue) ?? ''}`, message: issue.message })))
}

/**
 * The lead fields a refusal names (`{ path: 'lead.email' }`, as the function's 400 and the form's own
 * check give them), each with its own text: the schema's message when it is one of ours, else the field's.
 */
export function fieldErrorsOf(issues: readonly { path: string; message?: string }[]): LeadFieldErrors {
  const errors: LeadFieldErrors = {}
  for (const { path, message } of issues) {
    const field = LEAD_FIELD_NAMES.find((name) => path === `lead.${name}`)
    if (!field || errors[field]) continue
    const texts: readonly string[] = Object.values(LEAD_FIELD_TEXT[field])
    errors[field] = message && texts.includes(message) ? message : texts.at(-1)!
  }
  return errors
}

export const TrackingSchema = v.object({
  platform: v.optional(text(100), ''),
  keyword: v.optional(text(100), ''),
})

export const LeadSourceSchema = v.object({
  path: v.pipe(v.string(), visible, v.startsWith('/'), v.maxLength(200)),
  label: v.pipe(v.string(), visible, v.trim(), v.nonEmpty('Source label is required'), v.maxLength(100)),
  note: v.optional(text(500)),
})

/**
 * The spam signal checked by the function: a field people never see. `fillMs` is what older pages
 * report; it is accepted and ignored (the function measures fill time itself from the bot check).
 */
export const SpamGuardSchema = v.object({
  honeypot: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
  fillMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
})

/** The free review check a lead was booked from (/check): what the sales team calls about. */
export const LeadCheckSchema = v.object({
  placeId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,255}$/)),
  rating: v.nullable(v.pipe(v.number(), v.minValue(1), v.maxValue(5))),
  reviewCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  rank: v.pipe(v.number(), v.integer(), v.minValue(1)),
  radiusKm: v.picklist([2, 5, 10]),
})

export const LeadSubmissionSchema = v.object({
  submissionId: v.pipe(v.string(), v.uuid()),
  lead: LeadSchema,
  tracking: TrackingSchema,
  source: LeadSourceSchema,
  // Optional on the wire so an old page still gets an answer; the function treats its absence as spam.
  guard: v.optional(SpamGuardSchema),
  check: v.optional(LeadCheckSchema),
  /** Cloudflare Turnstile's token for action 'lead'; without one the lead is still taken, as unverified. */
  turnstileToken: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  /** The free AI reply a lead was booked from (/reply): how it was asked for and what answered. */
  reply: v.optional(LeadReplySchema),
  /** The ad click and consent when the lead was sent (docs/attribution.md); absent from a page without the script. */
  attribution: v.optional(AttributionSchema),
})

/** `id` is the board item's id once delivered, else the submission id (the lead is queued). */
export const LeadAcceptedSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  status: v.optional(v.picklist(['delivered', 'queued'])),
  /** The lead's reference and its signature, which the calendar's prefill carries so a booking proves its lead. */
  booking: v.optional(v.object({ ref: v.pipe(v.string(), v.nonEmpty()), sig: v.pipe(v.string(), v.nonEmpty()) })),
})

export type Lead = v.InferOutput<typeof LeadSchema>
export type LeadAccepted = v.InferOutput<typeof LeadAcceptedSchema>
export type Tracking = v.InferOutput<typeof TrackingSchema>
export type LeadSource = v.InferOutput<typeof LeadSourceSchema>
export type LeadSubmission = v.InferOutput<typeof LeadSubmissionSchema>
export type SpamGuard = v.InferOutput<typeof SpamGuardSchema>
export type LeadCheck = v.InferOutput<typeof LeadCheckSchema>
export type { LeadReply } from './ai-reply.ts'
export type LeadSubmissionInput = v.InferInput<typeof LeadSubmissionSchema>
