import { delay, http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { RegistrationInsertSchema } from '@/schemas/enterprise'
import { REGISTER_FUNCTION } from '../endpoints'
import { isScenario } from '../scenario'
import { recordRequest } from '../recorder'
import { tokenVerified } from '../turnstile'
import { unsupportedType } from '../media-type'

/** Fields the function refuses: what the shared schema refuses, or would still change (a phone as typed, an email with capitals). */
function refusedFields(body: unknown): string[] {
  const { turnstileToken: _token, ...row } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const parsed = v.safeParse(RegistrationInsertSchema, row)
  if (!parsed.success) return [...new Set(parsed.issues.map((issue) => v.getDotPath(issue)?.split('.')[0] ?? 'row'))]
  return Object.entries(parsed.output)
    .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(row[key]))
    .map(([key]) => key)
}

/** The submission ids this tab's "database" holds: a retry of one of them is answered 200, as already in. */
const recorded = new Set<string>()

/**
 * The `enterprise-register` function as the browser meets it: it verifies the bot check's token
 * (none or a failed one: recorded, but unverified) and records each submission_id once. Scenarios:
 * `registration-limited` (429), `registration-error` (503), `registration-duplicate` (409 on
 * another key), `registration-lost` (recorded, the answer lost: the retry is answered 200).
 */
export const registrationsHandlers = [
  http.options(REGISTER_FUNCTION, () => new HttpResponse(null, { status: 204 })),
  http.post(REGISTER_FUNCTION, async ({ request }) => {
    const refused = unsupportedType(request)
    if (refused) return refused
    const body: unknown = await request.json().catch(() => undefined)
    recordRequest('registrations', body)
    if (isScenario('slow')) await delay(2_500)
    const fields = refusedFields(body)
    if (fields.length) return HttpResponse.json({ error: 'Invalid registration', code: 'invalid', fields }, { status: 400 })
    const submissionId = String((body as { submission_id: string }).submission_id)
    const verified = tokenVerified(body)
    if (recorded.has(submissionId)) return HttpResponse.json({ status: 'recorded', verified }, { status: 200 })
    // Both ask for a wait far past the browser's retry budget, so it shows its message at once.
    if (isScenario('registration-limited')) {
      return HttpResponse.json({ error: 'Too many registrations from this network' }, { status: 429, headers: { 'retry-after': '3600' } })
    }
    if (isScenario('registration-error')) {
      return HttpResponse.json({ error: 'The registration could not be recorded' }, { status: 503, headers: { 'retry-after': '600' } })
    }
    if (isScenario('registration-duplicate')) {
      return HttpResponse.json({ error: 'This registration is already in', code: 'conflict' }, { status: 409 })
    }
    recorded.add(submissionId)
    if (isScenario('registration-lost')) return HttpResponse.error()
    return HttpResponse.json({ status: 'recorded', verified }, { status: 201 })
  }),
]
