// The lead form's native post (before or without the script) has one owner: the field names the
// pages render, the `leads` function reads and the hydrating page adopts, and the way back. Only
// sibling imports with explicit extensions, so Deno loads it as it is.
import type { Lead, LeadSource, Tracking } from './lead.ts'
import { ATTRIBUTION_FIELD } from './attribution-fields.ts'

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'

/** What the visitor types, named as the submission's `lead`. */
export const LEAD_FIELDS = ['locations', 'name', 'phone', 'email', 'business', 'note'] as const satisfies readonly (keyof Lead)[]
/** The field people never see (the spam trap). */
export const HONEYPOT_NAME = 'website'
/**
 * What the page writes in for the visitor: where the form is and the visit's ad click. `attribution`
 * is filled (JSON) by the page's inline boot as the form is sent: the click ids and consent then.
 */
export const HIDDEN_FIELDS = ['source_path', 'source_label', 'source_note', 'platform', 'keyword', ATTRIBUTION_FIELD] as const
/** Every urlencoded field of the form, as the pages render it. */
export const FORM_FIELDS = [...LEAD_FIELDS, HONEYPOT_NAME, ...HIDDEN_FIELDS] as const
export type FormField = (typeof FORM_FIELDS)[number]

/** What a native post stands for, before the server gives it an id. */
export type FormPost = { lead: Partial<Lead>; source: LeadSource; tracking: Tracking; honeypot?: string }

/** The hidden fields the page renders for this source and visit. */
export function encodeHiddenFields(source: LeadSource, tracking: Tracking): Record<string, string> {
  return {
    source_path: source.path,
    source_label: source.label,
    ...(source.note === undefined ? {} : { source_note: source.note }),
    platform: tracking.platform,
    keyword: tracking.keyword,
    [ATTRIBUTION_FIELD]: '',
  }
}

/** The attribution a native post carried: its JSON as the boot wrote it, else the text for the schema to refuse. */
function attributionOf(text: string | undefined): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The whole post as the browser sends it: typed fields, the honeypot and the hidden fields. */
export function encodeFormPost({ lead, source, tracking, honeypot = '' }: FormPost): URLSearchParams {
  const typed = LEAD_FIELDS.flatMap((name) => (lead[name] === undefined ? [] : [[name, lead[name]] as [string, string]]))
  return new URLSearchParams([...typed, [HONEYPOT_NAME, honeypot], ...Object.entries(encodeHiddenFields(source, tracking))])
}

/**
 * The submission a native post stands for, still to be validated by LeadSubmissionSchema. The id is
 * the server's. A native post measures no fill time: `fillMs` is 0 and the handler does not apply
 * the minimum fill time to it (the honeypot and the rate limit still apply).
 */
export function decodeFormPost(form: URLSearchParams, submissionId: string): Record<string, unknown> {
  const field = (name: FormField) => form.get(name) ?? undefined
  const note = field('source_note')?.trim()
  return {
    submissionId,
    lead: Object.fromEntries(LEAD_FIELDS.map((name) => [name, field(name)])),
    tracking: { platform: field('platform'), keyword: field('keyword') },
    source: { path: field('source_path'), label: field('source_label'), ...(note ? { note } : {}) },
    guard: { honeypot: field(HONEYPOT_NAME) ?? '', fillMs: 0 },
    ...(field(ATTRIBUTION_FIELD) ? { attribution: attributionOf(field(ATTRIBUTION_FIELD)) } : {}),
  }
}

/** The form's `source_path`, unchecked: the function admits only a known page. */
export const formSourcePath = (form: URLSearchParams): string => form.get('source_path') ?? ''

/** The error alert's id: the way back lands on it, so it shows before or without the script. */
export const FORM_ERROR_ID = 'lead-error'
const ERROR_FLAG = ['lead', 'error'] as const

const REFUSED_FIELDS = 'fields'
type LeadField = (typeof LEAD_FIELDS)[number]
const isLeadField = (name: string): name is LeadField => (LEAD_FIELDS as readonly string[]).includes(name)

/**
 * Back to the form's page with the error flag and the names of the fields refused (never what was
 * typed in them), so the page can mark those fields.
 */
export function errorReturnPath(path: string, refused: readonly string[] = []): string {
  const fields = [...new Set(refused.filter(isLeadField))]
  const named = fields.length > 0 ? `&${REFUSED_FIELDS}=${fields.join(',')}` : ''
  return `${path}?${ERROR_FLAG[0]}=${ERROR_FLAG[1]}${named}#${FORM_ERROR_ID}`
}

/** Whether the page was reached by a native post that came back refused (its `location.search`). */
export const isErrorReturn = (search: string): boolean => new URLSearchParams(search).get(ERROR_FLAG[0]) === ERROR_FLAG[1]

/** The lead fields a refused native post named (its `location.search`). */
export const refusedFields = (search: string): LeadField[] =>
  (new URLSearchParams(search).get(REFUSED_FIELDS) ?? '').split(',').filter(isLeadField)
