import type { Logger } from '../_shared/runtime/logger.ts'
import { htmlPage } from './form-pages.ts'
import { decodeFormPost } from '../../../src/schemas/lead-form-post.ts'
import { BAD_CHARACTERS } from '../../../src/schemas/visitor-text.ts'
import { allowedFormOrigin, backPath, errorLocation, seeOther, thanksLocation } from './form-post.ts'
import type { Intake } from './intake.ts'
import { signBookingRef } from '../_shared/bookings/booking-link.ts'

/** The widget's own field, when it ran before the page's script took the form over. */
const TURNSTILE_FIELD = 'cf-turnstile-response'

export type FormDeps = {
  allowedOrigins: readonly string[]
  logger: Logger
  intake: Intake
  newId: () => string
  retryAfterSeconds: string
  /** BOOKING_LINK_SECRET: the lead's signed booking reference rides to /thanks (thanksLocation). */
  bookingLinkSecret?: string
}

/**
 * A lead posted by the browser itself (urlencoded), before or without the page's script. It goes
 * through the JSON path's intake (schema, outbox, the honeypot, rate limit, and the bot check on
 * the widget's field if it is there: without it the lead is recorded and marked unverified) and
 * answers with pages instead of JSON: 303 to /thanks (spam too), 303 back with `?lead=error` on
 * invalid input (naming the refused fields) or when rate limited, 403 for a missing or unlisted
 * Origin, 413, and 503 pages.
 */
export function createFormHandler(deps: FormDeps): (req: Request) => Promise<Response> {
  const { logger } = deps
  return async (req) => {
    const origin = allowedFormOrigin(req.headers.get('origin'), deps.allowedOrigins)
    if (!origin) {
      logger.warn('form post refused: origin missing or not allowed', { origin: req.headers.get('origin') ?? 'none' })
      return htmlPage(403, { title: 'Not allowed', message: 'This form can only be sent from our website.' })
    }

    let back = '/'
    let token: string | null = null
    const outcome = await deps.intake(req, {
      decode: (text) => {
        const form = new URLSearchParams(text)
        back = backPath(form)
        token = form.get(TURNSTILE_FIELD)
        return decodeFormPost(form, deps.newId())
      },
      token: () => token ?? undefined,
    })
    switch (outcome.kind) {
      case 'too-large':
        return htmlPage(413, {
          title: 'Too much text',
          message: 'The form was larger than we accept. Please shorten your note and try again.',
          back: `${origin}/`,
        })
      case 'bad-characters':
        return htmlPage(400, { title: 'Characters we cannot accept', message: BAD_CHARACTERS, back: `${origin}${back}` })
      case 'unreadable':
        return seeOther(errorLocation(origin, back))
      case 'invalid': {
        // Paths only: never what the visitor typed. The page marks the lead fields named.
        const paths = outcome.issues.map((issue) => issue.path)
        logger.info('form post invalid', { paths: paths.join(',') })
        const refused = paths.flatMap((path) => (path.startsWith('lead.') ? [path.slice('lead.'.length)] : []))
        return seeOther(errorLocation(origin, back, refused))
      }
      case 'rate-limited':
        return seeOther(errorLocation(origin, back))
      case 'not-configured':
      case 'unrecorded':
        return htmlPage(
          503,
          {
            title: 'We could not take your details',
            message: 'An error occurred on our side and your details were not saved. Please try again in a few minutes.',
            back: `${origin}${back}`,
          },
          { 'retry-after': deps.retryAfterSeconds },
        )
      case 'accepted': {
        const booking = deps.bookingLinkSecret ? await signBookingRef(deps.bookingLinkSecret, outcome.submissionId) : undefined
        return seeOther(thanksLocation(origin, booking))
      }
    }
  }
}
