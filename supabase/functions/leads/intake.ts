import * as v from 'valibot'
import { CleanInputSchema } from '../../../src/schemas/visitor-text.ts'
import { LeadSubmissionSchema } from '../../../src/schemas/lead.ts'
import { readLimitedText } from '../_shared/http/http.ts'
import type { LeadStore } from '../_shared/delivery/lead-store.ts'
import type { RateLimiter } from '../_shared/limits/rate-limit.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { Verification, Verifier } from '../_shared/turnstile/siteverify.ts'
import { acceptLead, type AcceptDeps } from './accept.ts'
import { leadVerification } from './spam-guard.ts'
import { withUserAgent } from '../_shared/conversions/user-agent.ts'

export type IntakeDeps = {
  maxBodyBytes: number
  logger: Logger
  /** The outbox; undefined when SUPABASE_DB_URL is not set (every lead is then refused). */
  store: LeadStore | undefined
  limiter: RateLimiter | undefined
  /** Cloudflare Turnstile (action 'lead'); absent: the check is off. */
  verifier: Verifier | undefined
  /** The least time from the solved challenge to the post (a person's fill time). */
  minFillMs: number
  accept: Omit<AcceptDeps, 'store'>
}

/** How one wire format (JSON, a native form post) reads: its body as a candidate submission. */
export type IntakeFormat = {
  /** The unvalidated submission, or `UNREADABLE` when the body is not in the format at all. */
  decode: (text: string) => unknown
  /** The Turnstile token the body carried, read after `decode` (a native post has one only if the widget ran). */
  token: () => unknown
}

export const UNREADABLE = Symbol('unreadable')

export type Issue = { path: string; message: string }

export type IntakeOutcome =
  | { kind: 'too-large' }
  | { kind: 'unreadable' }
  | { kind: 'bad-characters' }
  | { kind: 'invalid'; issues: Issue[] }
  | { kind: 'not-configured' }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'unrecorded' }
  | { kind: 'accepted'; id: string; status: 'delivered' | 'queued'; submissionId: string; verified: boolean }

export type Intake = (req: Request, format: IntakeFormat) => Promise<IntakeOutcome>

/**
 * What every lead goes through, whatever it was sent as: a bounded read, the shared schema, the
 * outbox, the client's rate limit, then acceptance (record, answer, deliver after the answer).
 * Each handler only turns the outcome into its own kind of answer.
 */
export function createIntake(deps: IntakeDeps): Intake {
  const { logger } = deps

  /** A known submission id is a retry of an accepted lead: it is never limited. */
  async function limited(req: Request, submissionId: string, store: LeadStore): Promise<number | undefined> {
    if (!deps.limiter) return undefined
    try {
      if (await store.find(submissionId)) return undefined
      const decision = await deps.limiter(req)
      return decision.allowed ? undefined : decision.retryAfterSeconds
    } catch (error) {
      // The database is the limiter: if it is down, recording fails next and answers 503.
      logger.warn('rate limit check failed', { message: error instanceof Error ? error.message : String(error) })
      return undefined
    }
  }

  return async (req, format) => {
    const text = await readLimitedText(req, deps.maxBodyBytes)
    if (text === 'too-large') return { kind: 'too-large' }
    const candidate = format.decode(text)
    if (candidate === UNREADABLE) return { kind: 'unreadable' }
    // Never storable: answered before the schema, and never as a failure worth retrying (503).
    if (!v.is(CleanInputSchema, candidate)) return { kind: 'bad-characters' }

    const parsed = v.safeParse(LeadSubmissionSchema, candidate)
    if (!parsed.success) {
      return { kind: 'invalid', issues: parsed.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message })) }
    }
    const { store } = deps
    if (!store) {
      logger.error('leads function has no database', { missing: ['SUPABASE_DB_URL'] })
      return { kind: 'not-configured' }
    }
    // The visitor's browser rides with a click (Meta's website event needs it), from the request itself.
    const attribution = withUserAgent(parsed.output.attribution, req.headers.get('user-agent'))
    const submission = { ...parsed.output, ...(attribution && { attribution }) }
    const retryAfterSeconds = await limited(req, submission.submissionId, store)
    if (retryAfterSeconds !== undefined) return { kind: 'rate-limited', retryAfterSeconds }

    const receivedAt = deps.accept.now()
    const verification: Verification = deps.verifier
      ? await deps.verifier({ token: format.token(), action: 'lead', headers: req.headers, idempotencyKey: submission.submissionId })
      : { kind: 'off' }
    const marked = leadVerification(verification, receivedAt, deps.minFillMs)
    const result = await acceptLead(submission, marked, { ...deps.accept, store })
    if (result.kind === 'unrecorded') return result
    return result.kind === 'delivered'
      ? { kind: 'accepted', id: result.itemId, status: 'delivered', submissionId: submission.submissionId, verified: result.verified }
      : {
          kind: 'accepted',
          id: submission.submissionId,
          status: 'queued',
          submissionId: submission.submissionId,
          verified: result.verified,
        }
  }
}
