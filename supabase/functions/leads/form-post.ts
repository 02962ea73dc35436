// The native form post's answers (its fields and error flag are src/schemas/lead-form-post.ts's): the
// redirects are built only from an origin in ALLOWED_ORIGINS and a known page path (no open redirect).
import { isKnownPagePath } from '../../../src/content/page-paths.ts'
import { errorReturnPath, FORM_CONTENT_TYPE, formSourcePath } from '../../../src/schemas/lead-form-post.ts'

export const isFormPost = (req: Request): boolean =>
  req.method === 'POST' && (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === FORM_CONTENT_TYPE

/**
 * The request's Origin when ALLOWED_ORIGINS lists it exactly, else undefined. '*' (which admits any
 * origin to the JSON path in development) never counts here: the redirect is built from this value.
 */
export function allowedFormOrigin(origin: string | null, allowedOrigins: readonly string[]): string | undefined {
  if (!origin || !allowedOrigins.includes(origin)) return undefined
  try {
    return new URL(origin).origin === origin ? origin : undefined
  } catch {
    return undefined
  }
}

/** The page to send the visitor back to: the form's `source_path` when it is a known page, else '/'. */
export function backPath(form: URLSearchParams): string {
  const path = formSourcePath(form)
  return isKnownPagePath(path) ? path : '/'
}

/**
 * /thanks, with the lead's signed booking reference in the fragment when there is one: a fragment
 * reaches no server log or Referer, and the page hands it to /schedule's calendar prefill.
 */
export const thanksLocation = (origin: string, booking?: { ref: string; sig: string }): string =>
  `${origin}/thanks${booking ? `#booking=${encodeURIComponent(booking.ref)}.${encodeURIComponent(booking.sig)}` : ''}`

/** Back to the form's page with the error flag and the refused fields' names: nothing the visitor typed. */
export const errorLocation = (origin: string, path: string, refused: readonly string[] = []): string =>
  `${origin}${errorReturnPath(path, refused)}`

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}
