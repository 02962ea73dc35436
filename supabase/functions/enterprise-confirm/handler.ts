import * as v from 'valibot'
import { ConfirmRequestSchema, type ConfirmResult } from '../../../src/schemas/email-confirmation.ts'
import { checkConfirmToken, issuedSeconds } from '../_shared/enterprise/confirm-link.ts'
import { withCors } from '../_shared/http/cors.ts'
import { bodyType, json, JSON_TYPE, methodNotAllowed, parseJson, readLimitedText, unsupportedMediaType } from '../_shared/http/http.ts'
import type { RateLimiter } from '../_shared/limits/rate-limit.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { Confirmations } from './confirmations.ts'

const MAX_BODY_BYTES = 1_024

export type ConfirmDeps = {
  /** CONFIRM_LINK_SECRET; without it (or the database) every call answers 503. */
  secret: string | undefined
  confirmations: Confirmations | undefined
  limiter: RateLimiter | undefined
  allowedOrigins: readonly string[]
  logger: Logger
  now: () => Date
}

const answer = (status: number, result: ConfirmResult, headers: Record<string, string> = {}) => json(status, { result }, headers)

/**
 * POST `{ token }` confirms the registrant's address; `{ token, resend: true }` asks for a new link
 * in place of an expired one. Only a POST changes anything: the page a link opens (which mail
 * scanners open too) shows a button, and the button posts here.
 */
export function createConfirmHandler(deps: ConfirmDeps): (req: Request) => Promise<Response> {
  async function handle(req: Request): Promise<Response> {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    if (bodyType(req) !== 'json') return unsupportedMediaType([JSON_TYPE])
    const { secret, confirmations } = deps
    if (!secret || !confirmations) return json(503, { error: 'Address confirmation is not configured' })
    const text = await readLimitedText(req, MAX_BODY_BYTES)
    const body = text === 'too-large' ? undefined : v.safeParse(ConfirmRequestSchema, parseJson(text))
    if (!body?.success) return answer(400, 'invalid')

    const decision = deps.limiter ? await deps.limiter(req) : { allowed: true as const }
    if (!decision.allowed) return answer(429, 'rate-limited', { 'retry-after': String(decision.retryAfterSeconds) })

    const link = await checkConfirmToken(secret, body.output.token, deps.now())
    if (link.kind === 'invalid') return answer(400, 'invalid')
    const state = await confirmations.state(link.id)
    if (!state) return answer(400, 'invalid')
    if (state.confirmed) return answer(200, 'already-confirmed')
    // A link replaced by a newer one counts as expired: the newest is the one to use.
    const current = state.linkIssuedAt !== null && issuedSeconds(state.linkIssuedAt) === issuedSeconds(link.issuedAt)
    const expired = link.kind === 'expired' || !current
    if (body.output.resend) {
      // Counted against the address's one request a day, like the first.
      const asked = await confirmations.newLink(link.id)
      if (asked === 'queued') return answer(202, 'new-link-sent')
      if (asked === 'limited') return answer(429, 'new-link-limited')
      return asked === 'already-confirmed' ? answer(200, 'already-confirmed') : answer(400, 'invalid')
    }
    if (expired) return answer(410, 'expired')
    const confirmed = await confirmations.confirm(link.id)
    if (confirmed === 'unknown') return answer(400, 'invalid')
    if (confirmed === 'confirmed') deps.logger.info('enterprise registration e-mail confirmed', { registrationId: link.id })
    return answer(200, confirmed)
  }

  return withCors(
    async (req) => {
      try {
        return await handle(req)
      } catch (error) {
        deps.logger.error('enterprise-confirm failed', { message: String(error) })
        return json(503, { error: 'Please try again in a minute' }, { 'retry-after': '60' })
      }
    },
    { allowedOrigins: deps.allowedOrigins, methods: ['POST'] },
  )
}
