// Shared by the lead form, the leads service, the MSW handlers and the `leads` edge function.
// It imports nothing but valibot, with explicit extensions, so Deno can load it as it is.
import * as v from 'valibot'
import { LeadReplySchema } from './ai-reply.ts'
import { isAcceptablePhone, normalisePhone, PHONE_INVALID, PHONE_MAX_LENGTH } from './lead-phone.ts'

export const GENERAL_LOCATIONS = ['1', '2-10', '11-50', '50+'] as const
export const VET_LOCATIONS = ['1', '2-5', '6-15', '15+'] as const
export const ALL_LOCATIONS = [...new Set([...GENERAL_LOCATIONS, ...VET_LOCATIONS])] as const

export const ADDRESS_REQUIRED = 'Please enter your business address'
export const LEAD_SUBMIT_FAILED = 'An error occurred. Please try again.'
export const LEAD_RATE_LIMITED = 'Too many submissions from your connection. Please wait a few minutes and try again.'

/** What went wrong with a lead, as the form machine names it; the text lives only in LEAD_ERROR_TEXT. */
export type LeadErrorKind = 'phone-invalid' | 'address-required' | 'submit-failed' | 'rate-limited'
export const LEAD_ERROR_TEXT: Record<LeadErrorKind, string> = {
  'phone-invalid': PHONE_INVALID,
  'address-required': ADDRESS_REQUIRED,
  'submit-failed': LEAD_SUBMIT_FAILED,
  'rate-limited': LEAD_RATE_LIMITED,
}

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))
const required = (max: number, message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max))

export const LeadSchema = v.object({
  locations: v.picklist(ALL_LOCATIONS, 'Please choose the number of locations'),
  name: required(100, 'Please enter your name'),
  // As typed or autofilled ('+61 422 470 721'); what goes on is digits with a leading + kept.
  phone: v.pipe(
    required(PHONE_MAX_LENGTH, 'Please enter your phone number'),
    v.check(isAcceptablePhone, PHONE_INVALID),
    v.transform(normalisePhone),
  ),
  email: v.pipe(required(254, 'Please enter your email'), v.email('Please enter a valid email')),
  business: required(300, ADDRESS_REQUIRED),
  note: v.optional(text(1000), ''),
})

export const TrackingSchema = v.object({
  platform: v.optional(text(100), ''),
  keyword: v.optional(text(100), ''),
})

export const LeadSourceSchema = v.object({
  path: v.pipe(v.string(), v.startsWith('/'), v.maxLength(200)),
  label: required(100, 'Source label is required'),
  note: v.optional(text(500)),
})

/** Spam signals checked by the function: a field people never see, and how long the form took. */
export const SpamGuardSchema = v.object({
  honeypot: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
  fillMs: v.pipe(v.number(), v.integer(), v.minValue(0)),
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
  /** The free AI reply a lead was booked from (/reply): how it was asked for and what answered. */
  reply: v.optional(LeadReplySchema),
})

/** `id` is the board item's id once delivered, else the submission id (the lead is queued). */
export const LeadAcceptedSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  status: v.optional(v.picklist(['delivered', 'queued'])),
})

export type Lead = v.InferOutput<typeof LeadSchema>
export type Tracking = v.InferOutput<typeof TrackingSchema>
export type LeadSource = v.InferOutput<typeof LeadSourceSchema>
export type LeadSubmission = v.InferOutput<typeof LeadSubmissionSchema>
export type SpamGuard = v.InferOutput<typeof SpamGuardSchema>
export type LeadCheck = v.InferOutput<typeof LeadCheckSchema>
export type { LeadReply } from './ai-reply.ts'
export type LeadSubmissionInput = v.InferInput<typeof LeadSubmissionSchema>
