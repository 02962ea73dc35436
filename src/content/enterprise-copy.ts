import type { EnterpriseErrorKind, LegalDocument, RegistrationFailureKind } from '../schemas/enterprise.ts'
import { BAD_CHARACTERS } from '../schemas/visitor-text.ts'
import type { CallUsLine } from './call-us-line.ts'

/** The one place where error kinds become the visitor's text (SPEC §5 and §8, exact). */
export const enterpriseErrorMessages: Record<EnterpriseErrorKind, string> = {
  'name-required': 'Full name is required',
  'name-invalid': 'Please enter a valid name (2-50 characters, letters only)',
  'email-required': 'Email is required',
  'email-invalid': 'Please enter a valid email address',
  'phone-required': 'Phone number is required',
  'phone-invalid': 'Please enter a valid phone number (e.g., +61422470721)',
  'company-required': 'Company name is required',
  'company-invalid': 'Please enter a valid company name (2-100 characters)',
  'address-required': 'Full business address is required',
  'address-invalid': 'Please enter a valid address (5-200 characters)',
  'text-characters': BAD_CHARACTERS,
  'seats-required': 'Please select number of seats',
  'terms-required': 'You must accept the Terms and Conditions',
  'privacy-required': 'You must accept the Privacy Policy',
  'cookies-required': 'You must accept the Cookie Policy',
  'dpa-required': 'You must accept the Data Processing Agreement',
  'plan-required': 'Please select a plan',
  'billing-cycle-invalid': 'Please choose a billing cycle',
}

export const REGISTRATION_FAILED = 'There was an error submitting your registration. Please try again.'

/**
 * Step 2's answer when Confirm did not save: the alert, what it means for what was typed, and the
 * phone (inside the alert when the phone is the only way forward).
 */
export type RegistrationFailureCopy = {
  alert: string
  detail: string
  callUs: CallUsLine
  callUsInAlert?: boolean
  tone: 'error' | 'notice'
}

const VALUES_KEPT = 'Everything you entered is kept: your details, the plan and the billing cycle.'

const registrationFailures: Record<'save-failed' | 'bad-characters' | 'limited', RegistrationFailureCopy> = {
  'save-failed': {
    alert: REGISTRATION_FAILED,
    detail: VALUES_KEPT,
    callUs: { before: 'If it fails again, call our sales team on' },
    tone: 'error',
  },
  // Trying again cannot help: the visitor must retype the text (a paste can carry such characters).
  'bad-characters': {
    alert: BAD_CHARACTERS,
    detail: 'Go Back to your details, retype the address and e-mail by hand, and confirm again.',
    callUs: { before: 'If it fails again, call our sales team on' },
    tone: 'error',
  },
  limited: {
    alert: 'Too many registrations from your network.',
    detail: VALUES_KEPT,
    callUs: { before: 'Please call us on' },
    callUsInAlert: true,
    tone: 'error',
  },
}

/**
 * The database's per-address limit leaves the phone as the way forward. A unique-key conflict never
 * reaches step 2: the database already holds the registration, and step 3 says so (alreadyReceived).
 */
export const registrationFailureCopy = (kind: RegistrationFailureKind): RegistrationFailureCopy =>
  registrationFailures[kind === 'rate-limited' ? 'limited' : kind === 'bad-characters' ? 'bad-characters' : 'save-failed']

/** Step 3's one line of its own (issue 35.2): nothing goes out until the address is confirmed. */
export const confirmFromInbox = 'Check your inbox: confirm your e-mail address so we can send your invoice.'

/** Step 3 in the function's words: what happens next, for a verified registration and for one kept as unverified (no e-mail at all). */
export const successPromise = {
  verified: {
    intro: (plan: string) =>
      `Thank you for choosing the ${plan}. Your invoice is generated automatically, and your account is activated once payment is received.`,
    next: confirmFromInbox,
  },
  unverified: {
    intro: (plan: string) => `Thank you for choosing the ${plan}. We have your registration.`,
    next: 'We could not confirm that it was sent by a person, so we will not e-mail you. Your account manager will call you on the phone number you gave us to confirm your registration and your invoice.',
    callUs: { before: 'To reach us sooner, call us on' },
  },
} as const

/** Step 3 over a registration the database already held: no second try asked for. */
export const alreadyReceived = {
  title: 'We have already received this registration.',
  text: 'There is no need to send it again: your dedicated account manager will contact you within 24 hours.',
}

export const legalDocuments: Record<LegalDocument, { title: string; href: string }> = {
  terms: { title: 'Terms and Conditions', href: '/terms' },
  privacy: { title: 'Privacy Policy', href: '/privacy' },
  cookies: { title: 'Cookie Policy', href: '/cookies' },
  dpa: { title: 'Data Processing Agreement', href: '/dpa' },
}

export const whatsNext = [
  'Dedicated account manager assigned within 24 hours',
  'Custom onboarding and setup session',
  'Integration with existing tools',
  'Go-live support and training',
] as const

export const successNextSteps = [
  { title: 'Account setup', text: 'We create your enterprise account and invite your administrators.' },
  { title: 'Team onboarding', text: 'Your team learns the platform with your dedicated account manager.' },
  { title: 'Custom integration planning', text: 'We map the integrations your existing tools need.' },
  { title: 'Go-live support', text: 'We stay with you through launch and your first campaigns.' },
] as const

export const enterpriseBenefits = [
  { title: 'Enterprise-grade security', text: 'Your data protected with enterprise-grade security.' },
  { title: 'Team management', text: 'Role-based permissions for every member of your team.' },
  { title: '24/7 priority support', text: 'Priority help whenever you need it, day or night.' },
  { title: 'Advanced analytics', text: 'Reporting across every location and campaign.' },
  { title: '2000+ integrations', text: 'Connect the tools your business already uses.' },
] as const
