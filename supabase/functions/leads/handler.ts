import * as v from 'valibot'
import { LeadSubmissionSchema } from '../../../src/schemas/lead.ts'
import { DEFAULT_BACKOFF, type BackoffPolicy } from '../_shared/outbox/backoff.ts'
import { withCors } from '../_shared/http/cors.ts'
import { json, methodNotAllowed, readLimitedText } from '../_shared/http/http.ts'
import { boardFrom, DEFAULT_BOARD_TIMEOUT_MS, DEFAULT_LEASE_MS, wait, type BoardSettings } from '../_shared/delivery/deliver-lead.ts'
import type { LeadStore } from '../_shared/delivery/lead-store.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { RateLimiter } from '../_shared/limits/rate-limit.ts'
import { acceptLead, type AcceptDeps } from './accept.ts'
import { createFormHandler } from './form-handler.ts'
import { isFormPost } from './form-post.ts'
import { DEFAULT_MIN_FILL_MS } from './spam-guard.ts'

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
  backoff?: Partial<BackoffPolicy>
  /** The id of a native form post's submission (the script sends its own). */
  newId?: () => string
}

export function createLeadsHandler(deps: LeadsDeps): (req: Request) => Promise<Response> {
  const { logger, store } = deps
  const board = boardFrom(deps, MAX_RETRY_AFTER_MS)
  const timeoutMs = deps.timeoutMs ?? DEFAULT_BOARD_TIMEOUT_MS
  const accept: Omit<AcceptDeps, 'store'> = {
    board,
    backoff: { ...DEFAULT_BACKOFF, random: Math.random, ...deps.backoff },
    logger,
    now: deps.now,
    sleep: deps.sleep ?? wait,
    minFillMs: deps.minFillMs ?? DEFAULT_MIN_FILL_MS,
    leaseMs: deps.leaseMs ?? DEFAULT_LEASE_MS,
    waitForOtherMs: 3 * timeoutMs + MAX_RETRY_AFTER_MS,
  }

  if (deps.allowedOrigins.length === 0) logger.warn('ALLOWED_ORIGINS is empty: browser requests will be refused')
  if (!board) logger.warn('board is not configured: leads are recorded and wait for redelivery', { missing: missingBoardSettings(deps) })

  async function handle(req: Request): Promise<Response> {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])

    const text = await readLimitedText(req, MAX_BODY_BYTES)
    if (text === 'too-large') return json(413, { error: `Body larger than ${MAX_BODY_BYTES} bytes` })

    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return json(400, { error: 'Invalid JSON', issues: [{ path: '', message: 'The body is not valid JSON' }] })
    }

    const parsed = v.safeParse(LeadSubmissionSchema, body)
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }))
      return json(400, { error: 'Invalid lead', issues })
    }

    if (!store) {
      logger.error('leads function has no database', { missing: ['SUPABASE_DB_URL'] })
      return json(503, { error: 'Lead intake is not configured' })
    }

    const submission = parsed.output
    const limited = await rateLimited(req, submission.submissionId, store)
    if (limited) return limited

    const result = await acceptLead(submission, { ...accept, store })
    if (result.kind === 'unrecorded') {
      return json(503, { error: 'The lead could not be recorded' }, { 'retry-after': UNRECORDED_RETRY_AFTER_SECONDS })
    }
    return result.kind === 'delivered'
      ? json(200, { id: result.itemId, status: 'delivered' })
      : json(200, { id: submission.submissionId, status: 'queued' })
  }

  /** A known submission id is a retry of an accepted lead: it is never limited. */
  async function rateLimited(req: Request, submissionId: string, store: LeadStore): Promise<Response | undefined> {
    if (!deps.limiter) return undefined
    try {
      if (await store.find(submissionId)) return undefined
      const decision = await deps.limiter(req)
      if (decision.allowed) return undefined
      return json(429, { error: 'Too many submissions; try again later' }, { 'retry-after': String(decision.retryAfterSeconds) })
    } catch (error) {
      // The database is the limiter: if it is down, recording fails next and answers 503.
      logger.warn('rate limit check failed', { message: error instanceof Error ? error.message : String(error) })
      return undefined
    }
  }

  const handleJson = withCors(handle, { allowedOrigins: deps.allowedOrigins, methods: ['POST'] })
  // A browser's own form post (no script): pages and redirects instead of JSON (form-handler.ts).
  const handleForm = createFormHandler({
    allowedOrigins: deps.allowedOrigins,
    maxBodyBytes: MAX_BODY_BYTES,
    logger,
    store,
    limiter: deps.limiter,
    accept,
    newId: deps.newId ?? (() => crypto.randomUUID()),
    retryAfterSeconds: UNRECORDED_RETRY_AFTER_SECONDS,
  })
  return (req) => (isFormPost(req) ? handleForm(req) : handleJson(req))
}

function missingBoardSettings(deps: Pick<LeadsDeps, 'token' | 'boardId'>): string[] {
  return [!deps.token && 'MONDAY_API_TOKEN', !deps.boardId && 'MONDAY_BOARD_ID'].filter((name): name is string => Boolean(name))
}
