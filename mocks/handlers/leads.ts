import { delay, http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { LeadSubmissionSchema } from '@/schemas/lead'
import { LEADS_FUNCTION } from '../endpoints'
import { isScenario } from '../scenario'
import { recordRequest } from '../recorder'
import { signBookingRef } from '../../supabase/functions/_shared/bookings/booking-link.ts'

/** The offline stand-in signs as the function does (BOOKING_LINK_SECRET), with a key of its own. */
const OFFLINE_LINK_SECRET = 'offline-booking-link-secret'
import { unsupportedType } from '../media-type'
import { tokenVerified } from '../turnstile'

const accepted = new Map<string, string>()
let nextId = 9_100_000_000

/**
 * The `leads` edge function as the browser sees it (DESIGN.md, leads function contract); it accepts
 * the spam-guard fields and leaves judging them to the real function. `verified: false` when the bot
 * check's token is missing or not one a widget gave (the function records such a lead as unverified).
 */
export const leadsHandlers = [
  http.options(LEADS_FUNCTION, () => new HttpResponse(null, { status: 204 })),
  http.post(LEADS_FUNCTION, async ({ request }) => {
    const refused = unsupportedType(request, 'json-or-form')
    if (refused) return refused
    const body: unknown = await request.json().catch(() => undefined)
    recordRequest('leads', body)
    if (isScenario('slow')) await delay(2_500)
    const parsed = v.safeParse(LeadSubmissionSchema, body)
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => ({ path: v.getDotPath(issue), message: issue.message }))
      return HttpResponse.json({ error: 'Invalid lead', issues }, { status: 400 })
    }
    // Both ask for a wait far past the browser's retry budget, so it shows its message at once.
    if (isScenario('lead-error')) {
      return HttpResponse.json({ error: 'The lead could not be recorded' }, { status: 503, headers: { 'retry-after': '600' } })
    }
    if (isScenario('lead-limited')) {
      return HttpResponse.json({ error: 'Too many submissions; try again later' }, { status: 429, headers: { 'retry-after': '600' } })
    }
    const known = accepted.get(parsed.output.submissionId)
    const id = known ?? String(nextId++)
    accepted.set(parsed.output.submissionId, id)
    const booking = await signBookingRef(OFFLINE_LINK_SECRET, parsed.output.submissionId)
    // Without a valid token the function still takes the lead, and says it is unverified.
    return HttpResponse.json({ id, status: 'delivered', booking, verified: tokenVerified(body) })
  }),
]
