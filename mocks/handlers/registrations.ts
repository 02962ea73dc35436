import { delay, http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { RegistrationInsertSchema } from '@/schemas/enterprise'
import { REGISTRATIONS_TABLE } from '../endpoints'
import { isScenario } from '../scenario'
import { recordRequest } from '../recorder'

/** PostgREST's error body: every field present, null when it has nothing to say. */
export type PostgrestErrorBody = { code: string; message: string; details: string | null; hint: string | null }

const postgrestError = (status: number, body: PostgrestErrorBody) => HttpResponse.json(body, { status })

/**
 * The database stores what it is sent and only checks it: a row the schema would still change
 * (a phone as typed, an email with capitals) breaks a CHECK constraint there.
 */
function checkViolation(body: unknown): string | null {
  const parsed = v.safeParse(RegistrationInsertSchema, body)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    return `${issue ? v.getDotPath(issue) : 'row'}: ${issue?.message ?? 'invalid'}`
  }
  const sent = body as Record<string, unknown>
  const column = Object.entries(parsed.output).find(([key, value]) => JSON.stringify(value) !== JSON.stringify(sent[key]))?.[0]
  return column ? `${column}: not in its stored form` : null
}

const submissionIdOf = (body: unknown): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>).submission_id : undefined

/** The submission ids this tab's "database" holds: the unique key on enterprise_registrations.submission_id. */
const recorded = new Set<string>()

const wantsRowBack = (request: Request) => /return=representation/.test(request.headers.get('prefer') ?? '')

/**
 * The hosted database's REST endpoint for enterprise_registrations, as the anonymous role meets it:
 * it may insert a valid row and read nothing back (DESIGN.md, deviation 2).
 */
export const registrationsHandlers = [
  http.post(REGISTRATIONS_TABLE, async ({ request }) => {
    const body: unknown = await request.json().catch(() => undefined)
    recordRequest('registrations', body)
    if (isScenario('slow')) await delay(2_500)
    if (!request.headers.get('apikey')) {
      return postgrestError(401, { code: 'PGRST301', message: 'No API key found in request', details: null, hint: null })
    }
    const submissionId = submissionIdOf(body)
    if (submissionId === undefined || submissionId === null) {
      return postgrestError(400, {
        code: '23502',
        message: 'null value in column "submission_id" of relation "enterprise_registrations" violates not-null constraint',
        details: null,
        hint: null,
      })
    }
    if (isScenario('registration-limited') && !recorded.has(String(submissionId))) {
      // The limits trigger's refusal (supabase/migrations/*_enterprise_registrations_limits.sql):
      // PostgREST answers its PT429 SQLSTATE with HTTP 429. A retry of a row already in is never refused.
      return postgrestError(429, {
        code: 'PT429',
        message: 'Too many registrations from this network',
        details: 'enterprise_registrations: rate limited',
        hint: 'Try again in an hour, or call the agency.',
      })
    }
    const violation = checkViolation(body)
    if (violation) {
      return postgrestError(400, {
        code: '23514',
        message: 'new row for relation "enterprise_registrations" violates check constraint',
        details: violation,
        hint: null,
      })
    }
    if (wantsRowBack(request)) {
      // Reading the row back needs a SELECT policy, which the anonymous role never has.
      return postgrestError(401, {
        code: '42501',
        message: 'new row violates row-level security policy for table "enterprise_registrations"',
        details: null,
        hint: null,
      })
    }
    if (isScenario('registration-error')) {
      return postgrestError(503, {
        code: 'PGRST001',
        message: 'Database client error. Retrying the connection.',
        details: null,
        hint: null,
      })
    }
    if (isScenario('registration-duplicate')) {
      return postgrestError(409, {
        code: '23505',
        message: 'duplicate key value violates unique constraint "enterprise_registrations_pkey"',
        details: 'Key (id) already exists.',
        hint: null,
      })
    }
    if (recorded.has(String(submissionId))) {
      return postgrestError(409, {
        code: '23505',
        message: 'duplicate key value violates unique constraint "enterprise_registrations_submission_id_key"',
        details: `Key (submission_id)=(${String(submissionId)}) already exists.`,
        hint: null,
      })
    }
    recorded.add(String(submissionId))
    // Recorded, but the answer never reaches the browser: its retry meets the unique key.
    if (isScenario('registration-lost')) return HttpResponse.error()
    return new HttpResponse(null, { status: 201 })
  }),
]
