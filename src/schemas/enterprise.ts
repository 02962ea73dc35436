// Shared by the enterprise wizard, the registrations service, the MSW handler and the tests.
// One schema for the form values and the stored row: it trims, lowercases the email and normalises
// the phone, and a row it produced passes it again unchanged. Issue messages are error kinds
// (data), turned into the visitor's text in one place: src/content/enterprise-copy.ts.
import * as v from 'valibot'
import { isCleanLine, withoutFormat } from './visitor-text.ts'
import { AttributionSchema } from './attribution.ts'

export const SEATS = ['1-10', '11-50', '51-100', '100+'] as const
export const PLAN_IDS = ['starter', 'growth'] as const
/** 'quarterly' is the value the UI labels 'Annually' (SPEC §3 keeps both readings as given). */
export const BILLING_CYCLES = ['quarterly', 'biannually'] as const
export const DEFAULT_BILLING_CYCLE = 'quarterly' satisfies (typeof BILLING_CYCLES)[number]
export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'cookies', 'dpa'] as const

export type PlanId = (typeof PLAN_IDS)[number]
export type BillingCycle = (typeof BILLING_CYCLES)[number]
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number]

export type EnterpriseErrorKind =
  | 'name-required'
  | 'name-invalid'
  | 'email-required'
  | 'email-invalid'
  | 'phone-required'
  | 'phone-invalid'
  | 'company-required'
  | 'company-invalid'
  | 'address-required'
  | 'address-invalid'
  | 'text-characters'
  | 'seats-required'
  | `${LegalDocument}-required`
  | 'plan-required'
  | 'billing-cycle-invalid'

// The same patterns, character for character where SQL allows, are CHECK constraints in
// supabase/migrations/*_enterprise_registrations.sql.
/** Letters are Latin letters, accented ones included, so the database checks them in any locale. */
const LETTERS = 'A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F'
export const NAME_PATTERN = new RegExp(`^[${LETTERS} '-]{2,50}$`)
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const EMAIL_MAX = 254
/**
 * After removing spaces, hyphens and parentheses: an optional plus or trunk 0, a nonzero digit, 1 to
 * 14 more. SPEC §5 has no trunk 0, which leaves its own normalisation step 3 unreachable (DESIGN.md
 * deviation 7); the database checks the normalised number, which always starts with a plus.
 */
export const PHONE_PATTERN = /^[+0]?[1-9]\d{1,14}$/
export const COMPANY_PATTERN = new RegExp(`^[${LETTERS}0-9 &.,()-]{2,100}$`)
export const ADDRESS_MIN = 5
export const ADDRESS_MAX = 200
export const DEFAULT_COUNTRY_CODE = '+61'

const phoneDigits = (phone: string) => phone.replace(/[\s\-()]/g, '')

/** SPEC §5: keep digits and plus; keep a leading plus; a leading 0 becomes +61; otherwise prefix +61. */
export function normalisePhone(raw: string): string {
  const kept = raw.replace(/[^\d+]/g, '')
  const digits = kept.replace(/\+/g, '')
  if (kept.startsWith('+')) return `+${digits}`
  if (digits.startsWith('0')) return `${DEFAULT_COUNTRY_CODE}${digits.slice(1)}`
  return `${DEFAULT_COUNTRY_CODE}${digits}`
}

type Kind = EnterpriseErrorKind
// Format characters go (visitor-text.ts); control characters stay refused ('text-characters'), as the database does.
const requiredText = (kind: Kind) => v.pipe(v.string(kind), v.transform(withoutFormat), v.trim(), v.nonEmpty(kind))
const accepted = (document: LegalDocument) => v.literal(true, `${document}-required` satisfies Kind)

export const LegalAgreementsSchema = v.object({
  terms: accepted('terms'),
  privacy: accepted('privacy'),
  cookies: accepted('cookies'),
  dpa: accepted('dpa'),
})

/** Step 1, Contact Information. */
export const ContactSchema = v.object({
  name: v.pipe(requiredText('name-required'), v.regex(NAME_PATTERN, 'name-invalid' satisfies Kind)),
  email: v.pipe(
    requiredText('email-required'),
    v.check(isCleanLine, 'text-characters' satisfies Kind),
    v.toLowerCase(),
    v.maxLength(EMAIL_MAX, 'email-invalid' satisfies Kind),
    v.regex(EMAIL_PATTERN, 'email-invalid' satisfies Kind),
  ),
  phone: v.pipe(
    requiredText('phone-required'),
    v.check((phone) => PHONE_PATTERN.test(phoneDigits(phone)), 'phone-invalid' satisfies Kind),
    v.transform(normalisePhone),
  ),
  company_name: v.pipe(requiredText('company-required'), v.regex(COMPANY_PATTERN, 'company-invalid' satisfies Kind)),
  full_address: v.pipe(
    requiredText('address-required'),
    v.check(isCleanLine, 'text-characters' satisfies Kind),
    v.minLength(ADDRESS_MIN, 'address-invalid' satisfies Kind),
    v.maxLength(ADDRESS_MAX, 'address-invalid' satisfies Kind),
  ),
  seats: v.picklist(SEATS, 'seats-required' satisfies Kind),
  legal_agreements: LegalAgreementsSchema,
})

/** The row of SPEC §3 as inserted into enterprise_registrations (SPEC §7 call 3). */
export const RegistrationSchema = v.object({
  ...ContactSchema.entries,
  selected_plan: v.picklist(PLAN_IDS, 'plan-required' satisfies Kind),
  billing_cycle: v.picklist(BILLING_CYCLES, 'billing-cycle-invalid' satisfies Kind),
})

/** What the browser inserts: the row and the uuid it keeps across retries of one registration. */
export const RegistrationInsertSchema = v.object({
  submission_id: v.pipe(v.string(), v.uuid()),
  ...RegistrationSchema.entries,
  /** The ad click and consent when the registration was sent (docs/attribution.md). */
  attribution: v.optional(AttributionSchema),
})

export type Contact = v.InferOutput<typeof ContactSchema>
export type RegistrationRow = v.InferOutput<typeof RegistrationSchema>
export type RegistrationInsert = v.InferOutput<typeof RegistrationInsertSchema>

/** Why a registration was not saved, as the registrations service names it ('conflict': its id is already in). */
export const REGISTRATION_FAILURE_KINDS = [
  'invalid',
  'bad-characters',
  'conflict',
  'rate-limited',
  'unavailable',
  'timeout',
  'network',
  'unexpected',
] as const
export type RegistrationFailureKind = (typeof REGISTRATION_FAILURE_KINDS)[number]
export type LegalAgreements = Record<LegalDocument, boolean>

/** What the visitor has typed and ticked on step 1, before validation. */
export type ContactValues = {
  name: string
  phone: string
  email: string
  company_name: string
  seats: string
  full_address: string
  legal_agreements: LegalAgreements
}
export type ContactTextField = Exclude<keyof ContactValues, 'legal_agreements'>
/** Where an error shows: a text field, the seats select, or one legal checkbox. */
export type ContactField = ContactTextField | LegalDocument
export type ContactErrors = Partial<Record<ContactField, EnterpriseErrorKind>>

/** Form order: the order of the error list. */
export const CONTACT_FIELDS: readonly ContactField[] = [
  'name',
  'phone',
  'email',
  'company_name',
  'seats',
  'full_address',
  ...LEGAL_DOCUMENTS,
]

export const EMPTY_CONTACT: ContactValues = {
  name: '',
  phone: '',
  email: '',
  company_name: '',
  seats: '',
  full_address: '',
  legal_agreements: { terms: false, privacy: false, cookies: false, dpa: false },
}

const fieldOf = (issue: v.BaseIssue<unknown>): ContactField | undefined => {
  const path = issue.path?.map((item) => String(item.key)) ?? []
  const field = path[0] === 'legal_agreements' ? path[1] : path[0]
  return CONTACT_FIELDS.find((known) => known === field)
}

export type ContactResult = { success: true; contact: Contact } | { success: false; errors: ContactErrors }

/** Every error of step 1 at once, the first per field. */
export function validateContact(values: ContactValues): ContactResult {
  const result = v.safeParse(ContactSchema, values)
  if (result.success) return { success: true, contact: result.output }
  const errors: ContactErrors = {}
  for (const issue of result.issues) {
    const field = fieldOf(issue)
    if (field && !errors[field]) errors[field] = issue.message as EnterpriseErrorKind
  }
  return { success: false, errors }
}
