import * as v from 'valibot'
import { RegistrationInsertSchema } from '../../../src/schemas/enterprise.ts'
import { BAD_CHARACTERS, CleanInputSchema } from '../../../src/schemas/visitor-text.ts'
import { withCors } from '../_shared/http/cors.ts'
import { bodyType, json, JSON_TYPE, methodNotAllowed, parseJson, readLimitedText, unsupportedMediaType } from '../_shared/http/http.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { Verifier } from '../_shared/turnstile/siteverify.ts'
import { verificationUnavailable } from '../_shared/turnstile/refusal.ts'
import type { RegistrationRecorder } from './record.ts'
import { withUserAgent } from '../_shared/conversions/user-agent.ts'

export const MAX_BODY_BYTES = 8 * 1024
/** The per-address limits count the last hour, each class its own (migrations 20261129001000, 20261201010000). */
const RATE_LIMITED_RETRY_AFTER = '3600'
const UNRECORDED_RETRY_AFTER = '5'

export type RegisterDeps = {
  allowedOrigins: readonly string[]
  logger: Logger
  /** undefined when SUPABASE_DB_URL is not set: every registration answers 503. */
  recorder: RegistrationRecorder | undefined
  /** Cloudflare Turnstile (action 'registration'); absent or off: every registration counts as verified. */
  verifier?: Verifier
  /** CLIENT_ADDRESS_HEADER: the one header the client address rule trusts. */
  addressHeader: string
}

const invalid = (fields: string[]) => json(400, { error: 'The registration is not valid', code: 'invalid', fields })
const recorded = (status: 200 | 201, verified: boolean) => json(status, { status: 'recorded', verified })

/**
 * The enterprise wizard's registration (decision 021): the bot check where the token arrives, then
 * the insert over the server's connection. Without a valid token the registration is still recorded,
 * `verified = false`, under its own daily allowance and per-address limit (in the database): it waits
 * in the board's 'Needs a look' group, pages nobody, and nothing is sent to the address it names.
 */
export function createRegisterHandler(deps: RegisterDeps): (req: Request) => Promise<Response> {
  const { logger } = deps

  async function handle(req: Request): Promise<Response> {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    if (bodyType(req) !== 'json') return unsupportedMediaType([JSON_TYPE])
    const text = await readLimitedText(req, MAX_BODY_BYTES)
    if (text === 'too-large') return json(413, { error: `Body larger than ${MAX_BODY_BYTES} bytes` })
    const body = parseJson(text)
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return invalid([])
    if (!v.is(CleanInputSchema, body)) return json(400, { error: BAD_CHARACTERS, code: 'bad-characters' })
    const parsed = v.safeParse(RegistrationInsertSchema, body)
    if (!parsed.success) {
      const fields = [...new Set(parsed.issues.map((issue) => String(issue.path?.[0]?.key ?? '')).filter(Boolean))]
      // The schema's own error kind for a line break or control character: the database would refuse it too.
      if (parsed.issues.some((issue) => issue.message === 'text-characters'))
        return json(400, { error: BAD_CHARACTERS, code: 'bad-characters', fields })
      return invalid(fields)
    }
    const { recorder } = deps
    if (!recorder) {
      logger.error('enterprise-register has no database', { missing: ['SUPABASE_DB_URL'] })
      return json(503, { error: 'Registrations are not configured' }, { 'retry-after': UNRECORDED_RETRY_AFTER })
    }
    // The visitor's browser rides with a click (Meta's website event needs it), from the request itself.
    const attribution = withUserAgent(parsed.output.attribution, req.headers.get('user-agent'))
    const row = { ...parsed.output, ...(attribution && { attribution }) }
    try {
      const known = await recorder.find(row.submission_id)
      if (known) return recorded(200, known.verified)

      const verification = deps.verifier
        ? await deps.verifier({
            token: (body as Record<string, unknown>).turnstileToken,
            action: 'registration',
            headers: req.headers,
            idempotencyKey: row.submission_id,
          })
        : ({ kind: 'off' } as const)
      if (verification.kind === 'unavailable') return verificationUnavailable()
      const verified = verification.kind !== 'unverified'
      if (!verified) logger.info('registration recorded unverified', { submissionId: row.submission_id, reason: verification.reason })

      const result = await recorder.insert(row, verified, { header: deps.addressHeader, value: req.headers.get(deps.addressHeader) })
      switch (result.kind) {
        case 'created':
          return recorded(201, result.verified)
        case 'exists':
          return recorded(200, result.verified)
        case 'rate-limited':
          return json(429, { error: 'Too many registrations from this network' }, { 'retry-after': RATE_LIMITED_RETRY_AFTER })
        case 'invalid':
          return invalid(result.fields)
        case 'bad-characters':
          return json(400, { error: BAD_CHARACTERS, code: 'bad-characters' })
      }
    } catch (error) {
      logger.error('registration could not be recorded', {
        submissionId: row.submission_id,
        message: error instanceof Error ? error.message : String(error),
      })
      return json(503, { error: 'The registration could not be recorded' }, { 'retry-after': UNRECORDED_RETRY_AFTER })
    }
  }

  return withCors(handle, { allowedOrigins: deps.allowedOrigins, methods: ['POST'] })
}
