// The native form post (no script, or before it runs): the contract's urlencoded fields become the
// same LeadSubmission shape the script sends as JSON, and the redirects are built only from an
// origin in ALLOWED_ORIGINS and a known page path (no open redirect).
import { isKnownPagePath } from '../../../src/content/page-paths.ts'

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'

/** The lead form's urlencoded field names (hidden ones included), as the pages render them. */
export const FORM_FIELDS = [
  'locations',
  'name',
  'phone',
  'email',
  'business',
  'note',
  'website',
  'source_path',
  'source_label',
  'source_note',
  'platform',
  'keyword',
] as const

export const isFormPost = (req: Request): boolean =>
  req.method === 'POST' && (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === FORM_CONTENT_TYPE

/**
 * The submission a native post stands for, still to be validated by LeadSubmissionSchema. The id is
 * the server's. A native post measures no fill time: `fillMs` is 0 and the handler does not apply
 * the minimum fill time to it (the honeypot and the rate limit still apply).
 */
export function submissionFromForm(form: URLSearchParams, submissionId: string): Record<string, unknown> {
  const field = (name: (typeof FORM_FIELDS)[number]) => form.get(name) ?? undefined
  const note = field('source_note')?.trim()
  return {
    submissionId,
    lead: {
      locations: field('locations'),
      name: field('name'),
      phone: field('phone'),
      email: field('email'),
      business: field('business'),
      note: field('note'),
    },
    tracking: { platform: field('platform'), keyword: field('keyword') },
    source: { path: field('source_path'), label: field('source_label'), ...(note ? { note } : {}) },
    guard: { honeypot: field('website') ?? '', fillMs: 0 },
  }
}

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
  const path = form.get('source_path') ?? ''
  return isKnownPagePath(path) ? path : '/'
}

export const thanksLocation = (origin: string): string => `${origin}/thanks`

/** Back to the form's page with the error flag only: nothing the visitor typed. */
export const errorLocation = (origin: string, path: string): string => `${origin}${path}?lead=error#lead-error`

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}
