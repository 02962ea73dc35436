import * as v from 'valibot'
import { LeadSubmissionSchema } from '../../../src/schemas/lead.ts'
import { readLimitedText } from '../_shared/http/http.ts'
import type { LeadStore } from '../_shared/delivery/lead-store.ts'
import type { Logger } from '../_shared/runtime/logger.ts'
import type { RateLimiter } from '../_shared/limits/rate-limit.ts'
import { acceptLead, type AcceptDeps } from './accept.ts'
import { htmlPage } from './form-pages.ts'
import { allowedFormOrigin, backPath, errorLocation, seeOther, submissionFromForm, thanksLocation } from './form-post.ts'

export type FormDeps = {
  allowedOrigins: readonly string[]
  maxBodyBytes: number
  logger: Logger
  store: LeadStore | undefined
  limiter: RateLimiter | undefined
  accept: Omit<AcceptDeps, 'store'>
  newId: () => string
  retryAfterSeconds: string
}

/**
 * A lead posted by the browser itself (urlencoded), before or without the page's script. It goes
 * through the JSON path's schema, outbox, spam guard (honeypot; no fill time) and rate limit, and
 * answers with pages instead of JSON: 303 to /thanks (spam too), 303 back with `?lead=error` on
 * invalid input or when rate limited, 403 for a missing or unlisted Origin, 413, and 503 pages.
 */
export function createFormHandler(deps: FormDeps): (req: Request) => Promise<Response> {
  const { logger } = deps
  return async (req) => {
    const origin = allowedFormOrigin(req.headers.get('origin'), deps.allowedOrigins)
    if (!origin) {
      logger.warn('form post refused: origin missing or not allowed', { origin: req.headers.get('origin') ?? 'none' })
      return htmlPage(403, { title: 'Not allowed', message: 'This form can only be sent from our website.' })
    }

    const text = await readLimitedText(req, deps.maxBodyBytes)
    if (text === 'too-large') {
      return htmlPage(413, {
        title: 'Too much text',
        message: 'The form was larger than we accept. Please shorten your note and try again.',
        back: `${origin}/`,
      })
    }

    const form = new URLSearchParams(text)
    const back = backPath(form)
    const parsed = v.safeParse(LeadSubmissionSchema, submissionFromForm(form, deps.newId()))
    if (!parsed.success) {
      // Paths only: never what the visitor typed.
      logger.info('form post invalid', { paths: parsed.issues.map((issue) => v.getDotPath(issue) ?? '').join(',') })
      return seeOther(errorLocation(origin, back))
    }

    const unavailable = () =>
      htmlPage(
        503,
        {
          title: 'We could not take your details',
          message: 'An error occurred on our side and your details were not saved. Please try again in a few minutes.',
          back: `${origin}${back}`,
        },
        { 'retry-after': deps.retryAfterSeconds },
      )
    if (!deps.store) {
      logger.error('leads function has no database', { missing: ['SUPABASE_DB_URL'] })
      return unavailable()
    }

    if (await rateLimited(req)) return seeOther(errorLocation(origin, back))

    // The minimum fill time cannot apply: a native post measures none (form-post.ts).
    const result = await acceptLead(parsed.output, { ...deps.accept, minFillMs: 0, store: deps.store })
    return result.kind === 'unrecorded' ? unavailable() : seeOther(thanksLocation(origin))
  }

  async function rateLimited(req: Request): Promise<boolean> {
    if (!deps.limiter) return false
    try {
      return !(await deps.limiter(req)).allowed
    } catch (error) {
      // The database is the limiter: if it is down, recording fails next and answers 503.
      logger.warn('rate limit check failed', { message: error instanceof Error ? error.message : String(error) })
      return false
    }
  }
}
