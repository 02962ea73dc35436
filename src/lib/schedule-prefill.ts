import * as v from 'valibot'
import type { LeadAccepted, LeadSubmission } from '@/schemas/lead'

export const SCHEDULE_PREFILL_KEY = 'schedule-prefill'

/** What the calendar is opened with after a lead: the visitor's details, never carried in a URL. */
const SchedulePrefillSchema = v.object({
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  business: v.string(),
  submissionId: v.string(),
  /** The signature the `leads` function gave the reference: without it a booking proves no lead. */
  submissionSig: v.optional(v.string()),
})
export type SchedulePrefill = v.InferOutput<typeof SchedulePrefillSchema>

/**
 * The business as the calendar should read it. /check's lead already holds the name with the
 * address; /reply's holds the name apart (issue 29 keeps it out of the address field), so it goes first.
 */
const businessOf = ({ lead, reply }: Pick<LeadSubmission, 'lead' | 'reply'>) => {
  const name = reply?.businessName?.trim()
  return name && !lead.business.toLowerCase().includes(name.toLowerCase()) ? `${name}, ${lead.business}` : lead.business
}

/** Kept for this tab only (sessionStorage), so /schedule opened elsewhere starts empty. */
export function rememberSchedulePrefill(
  submission: Pick<LeadSubmission, 'submissionId' | 'lead' | 'reply'>,
  storage: Pick<Storage, 'setItem'> | undefined,
  booking?: LeadAccepted['booking'],
) {
  const {
    lead: { name, email, phone },
  } = submission
  const business = businessOf(submission)
  const reference = booking ? { submissionId: booking.ref, submissionSig: booking.sig } : { submissionId: submission.submissionId }
  try {
    storage?.setItem(SCHEDULE_PREFILL_KEY, JSON.stringify({ name, email, phone, business, ...reference }))
  } catch {
    // Storage refused (privacy settings, quota): the calendar asks for the details itself.
  }
}

const BOOKING_FRAGMENT = /^#booking=([0-9a-fA-F-]{36})\.([A-Za-z0-9_-]{43})$/

/**
 * A native lead post lands on /thanks with the lead's signed booking reference in the fragment
 * (the `leads` function's 303): kept as this tab's prefill, without details the browser never held,
 * so the calendar's booking still proves its lead. True when the fragment held one.
 */
export function adoptBookingFragment(hash: string, storage: Pick<Storage, 'setItem'> | undefined): boolean {
  const match = BOOKING_FRAGMENT.exec(hash)
  if (!match) return false
  const prefill: SchedulePrefill = { name: '', email: '', phone: '', business: '', submissionId: match[1]!, submissionSig: match[2]! }
  try {
    storage?.setItem(SCHEDULE_PREFILL_KEY, JSON.stringify(prefill))
  } catch {
    // Storage refused: the booking goes through unproven, for a person to match.
  }
  return true
}

export function schedulePrefill(storage: Pick<Storage, 'getItem'> | undefined): SchedulePrefill | null {
  try {
    const result = v.safeParse(SchedulePrefillSchema, JSON.parse(storage?.getItem(SCHEDULE_PREFILL_KEY) ?? 'null'))
    return result.success ? result.output : null
  } catch {
    return null
  }
}
