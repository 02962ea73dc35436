import { DEFAULT_BACKOFF, type BackoffPolicy } from '../_shared/outbox/backoff.ts'
import { afterResponse, type AfterResponse } from '../_shared/http/after-response.ts'
import { BAD_CHARACTERS } from '../../../src/schemas/visitor-text.ts'
import { withCors } from '../_shared/http/cors.ts'
import { bodyType, FORM_TYPE, json, JSON_TYPE, methodNotAllowed, parseJson, unsupportedMediaType } from '../_shared/http/http.ts'
import { boardFrom, type BoardSettings } from '../_shared/board/board.ts'
import { missingBoardSettings } from '../_shared/board/settings.ts'
import { DEFAULT_LEADS_LEASE_MS } from '../_shared/delivery/settings.ts'
import type { LeadStore } from '../_shared/delivery/lead-store.ts'
import type { RateLimiter } from '../_shared/limits/rate-limit.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { Verifier } from '../_shared/turnstile/siteverify.ts'
import { createFormHandler } from './form-handler.ts'
import { isFormPost } from './form-post.ts'
import { createIntake, UNREADABLE, type IntakeFormat } from './intake.ts'
import { DEFAULT_MIN_FILL_MS } from './spam-guard.ts'
import { signBookingRef } from '../_shared/bookings/booking-link.ts'

export const MAX_BODY_BYTES = 16 * 1024
const MAX_RETRY_AFTER_MS = 2_000
const UNRECORDED_RETRY_AFTER_SECONDS = '5'

export type LeadsDeps = BoardSettings & {
  allowedOrigins: readonly string[]
  logger: Logger
  now: () => Date
  /** The outbox; undefined when SUPABASE_DB_URL is not set (every lead then answers 503). */
  store: LeadStore | undefined
  limiter?: RateLimiter
  leaseMs?: number
  minFillMs?: number
  /** Cloudflare Turnstile; absent: the check is off and leads carry no mark. */
  verifier?: Verifier
  backoff?: Partial<BackoffPolicy>
  /** The id of a native form post's submission (the script sends its own). */
  newId?: () => string
  /** BOOKING_LINK_SECRET: signs the lead's reference the calendar's prefill carries (`booking` in the answer). */
  bookingLinkSecret?: string
  /** Where the board delivery runs once the answer is out; tests inject one they can await. */
  afterResponse?: AfterResponse
}

export function createLeadsHandler(deps: LeadsDeps): (req: Request) => Promise<Response> {
  const { logger } = deps
  const board = boardFrom(deps, MAX_RETRY_AFTER_MS)
  const intake = createIntake({
    maxBodyBytes: MAX_BODY_BYTES,
    logger,
    store: deps.store,
    limiter: deps.limiter,
    verifier: deps.verifier,
    minFillMs: deps.minFillMs ?? DEFAULT_MIN_FILL_MS,
    accept: {
      board,
      backoff: { ...DEFAULT_BACKOFF, random: Math.random, ...deps.backoff },
      logger,
      now: deps.now,
      leaseMs: deps.leaseMs ?? DEFAULT_LEADS_LEASE_MS,
      afterResponse: deps.afterResponse ?? afterResponse(logger),
    },
  })

  if (deps.allowedOrigins.length === 0) logger.warn('ALLOWED_ORIGINS is empty: browser requests will be refused')
  if (!board) logger.warn('board is not configured: leads are recorded and wait for redelivery', { missing: missingBoardSettings(deps) })

  /** The scripted post: its token is `turnstileToken` at the top of the body. */
  const asJson = (): IntakeFormat => {
    let body: unknown
    return {
      // `null` is JSON (and an invalid lead); only undefined means the text is not JSON at all.
      decode: (text) => {
        body = parseJson(text)
        return body === undefined ? UNREADABLE : body
      },
      token: () => (body !== null && typeof body === 'object' ? (body as Record<string, unknown>).turnstileToken : undefined),
    }
  }

  async function handle(req: Request): Promise<Response> {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    // A form post of the browser's own is answered by handleForm; any other type is never read as JSON.
    if (bodyType(req) !== 'json') return unsupportedMediaType([JSON_TYPE, FORM_TYPE])
    const outcome = await intake(req, asJson())
    switch (outcome.kind) {
      case 'too-large':
        return json(413, { error: `Body larger than ${MAX_BODY_BYTES} bytes` })
      case 'unreadable':
        return json(400, { error: 'Invalid JSON', issues: [{ path: '', message: 'The body is not valid JSON' }] })
      case 'bad-characters':
        return json(400, { error: BAD_CHARACTERS, issues: [{ path: '', message: BAD_CHARACTERS }] })
      case 'invalid':
        return json(400, { error: 'Invalid lead', issues: outcome.issues })
      case 'not-configured':
        return json(503, { error: 'Lead intake is not configured' })
      case 'rate-limited':
        return json(429, { error: 'Too many submissions; try again later' }, { 'retry-after': String(outcome.retryAfterSeconds) })
      case 'unrecorded':
        return json(503, { error: 'The lead could not be recorded' }, { 'retry-after': UNRECORDED_RETRY_AFTER_SECONDS })
      case 'accepted': {
        // Every accepted lead alike (spam too, which is never told apart): the booking proves only which lead, never that it is genuine.
        const booking = deps.bookingLinkSecret && (await signBookingRef(deps.bookingLinkSecret, outcome.submissionId))
        return json(200, { id: outcome.id, status: outcome.status, verified: outcome.verified, ...(booking ? { booking } : {}) })
      }
    }
  }

  const handleJson = withCors(handle, { allowedOrigins: deps.allowedOrigins, methods: ['POST'] })
  // A browser's own form post (no script): pages and redirects instead of JSON (form-handler.ts).
  const handleForm = createFormHandler({
    allowedOrigins: deps.allowedOrigins,
    logger,
    intake,
    newId: deps.newId ?? (() => crypto.randomUUID()),
    retryAfterSeconds: UNRECORDED_RETRY_AFTER_SECONDS,
    bookingLinkSecret: deps.bookingLinkSecret,
  })
  return (req) => (isFormPost(req) ? handleForm(req) : handleJson(req))
}
