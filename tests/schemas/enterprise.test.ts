import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import {
  EMPTY_CONTACT,
  normalisePhone,
  RegistrationSchema,
  validateContact,
  type ContactField,
  type ContactValues,
  type EnterpriseErrorKind,
} from '@/schemas/enterprise'
import { enterpriseErrorMessages } from '@/content/enterprise-copy'

const valid: ContactValues = {
  name: 'Jane Doe',
  phone: '+61422470721',
  email: 'jane@example.com',
  company_name: 'Acme & Co.',
  seats: '11-50',
  full_address: '78 Harbour Street, Sydney NSW',
  legal_agreements: { terms: true, privacy: true, cookies: true, dpa: true },
}

const errorsOf = (values: ContactValues) => {
  const result = validateContact(values)
  return result.success ? {} : result.errors
}

describe('enterprise step 1 rules (SPEC §5)', () => {
  const cases: [field: ContactField, value: string | boolean, kind: EnterpriseErrorKind | null, message: string | null][] = [
    ['name', '', 'name-required', 'Full name is required'],
    ['name', '   ', 'name-required', 'Full name is required'],
    ['name', 'J', 'name-invalid', 'Please enter a valid name (2-50 characters, letters only)'],
    ['name', 'J'.repeat(51), 'name-invalid', 'Please enter a valid name (2-50 characters, letters only)'],
    ['name', 'Jane 2', 'name-invalid', 'Please enter a valid name (2-50 characters, letters only)'],
    ['name', 'Jane_Doe', 'name-invalid', 'Please enter a valid name (2-50 characters, letters only)'],
    ['name', "Mary-Jane O'Neil", null, null],
    ['name', 'José Müller', null, null],
    ['name', 'J'.repeat(50), null, null],
    ['email', '', 'email-required', 'Email is required'],
    ['email', 'jane', 'email-invalid', 'Please enter a valid email address'],
    ['email', 'jane@example', 'email-invalid', 'Please enter a valid email address'],
    ['email', 'ja ne@example.com', 'email-invalid', 'Please enter a valid email address'],
    ['email', ' Jane@Example.COM ', null, null],
    ['phone', '', 'phone-required', 'Phone number is required'],
    ['phone', 'abc', 'phone-invalid', 'Please enter a valid phone number (e.g., +61422470721)'],
    ['phone', '+0422470721', 'phone-invalid', 'Please enter a valid phone number (e.g., +61422470721)'],
    ['phone', '00422470721', 'phone-invalid', 'Please enter a valid phone number (e.g., +61422470721)'],
    ['phone', '0', 'phone-invalid', 'Please enter a valid phone number (e.g., +61422470721)'],
    ['phone', '0422 470 721', null, null],
    ['phone', '(04) 2247-0721', null, null],
    ['phone', '4', 'phone-invalid', 'Please enter a valid phone number (e.g., +61422470721)'],
    ['phone', '+1234567890123456', 'phone-invalid', 'Please enter a valid phone number (e.g., +61422470721)'],
    ['phone', '+61 (422) 470-721', null, null],
    ['phone', '+1 415 555 0100', null, null],
    ['phone', '42', null, null],
    ['phone', '123456789012345', null, null],
    ['company_name', '', 'company-required', 'Company name is required'],
    ['company_name', 'A', 'company-invalid', 'Please enter a valid company name (2-100 characters)'],
    ['company_name', 'A'.repeat(101), 'company-invalid', 'Please enter a valid company name (2-100 characters)'],
    ['company_name', 'Acme!', 'company-invalid', 'Please enter a valid company name (2-100 characters)'],
    ['company_name', 'Smith, Jones & Co. (Holdings) - 2', null, null],
    ['full_address', '', 'address-required', 'Full business address is required'],
    ['full_address', '1 Rd', 'address-invalid', 'Please enter a valid address (5-200 characters)'],
    ['full_address', 'a'.repeat(201), 'address-invalid', 'Please enter a valid address (5-200 characters)'],
    ['full_address', ' 1 Rd. ', null, null],
    [
      'full_address',
      '78 Harbour\u0000 Street',
      'text-characters',
      'Your text contains a character we cannot accept (a null character or a broken symbol). Please retype it and send it again.',
    ],
    [
      'full_address',
      '78 Harbour \uD83D Street',
      'text-characters',
      'Your text contains a character we cannot accept (a null character or a broken symbol). Please retype it and send it again.',
    ],
    ['full_address', '78 Harbour Street 🏠', null, null],
    [
      'email',
      'jane\u0000@example.com',
      'text-characters',
      'Your text contains a character we cannot accept (a null character or a broken symbol). Please retype it and send it again.',
    ],
    ['seats', '', 'seats-required', 'Please select number of seats'],
    ['seats', '5', 'seats-required', 'Please select number of seats'],
    ['seats', '100+', null, null],
    ['terms', false, 'terms-required', 'You must accept the Terms and Conditions'],
    ['privacy', false, 'privacy-required', 'You must accept the Privacy Policy'],
    ['cookies', false, 'cookies-required', 'You must accept the Cookie Policy'],
    ['dpa', false, 'dpa-required', 'You must accept the Data Processing Agreement'],
  ]

  it.each(cases)('%s = %j gives %s', (field, value, kind, message) => {
    const values: ContactValues =
      typeof value === 'boolean'
        ? { ...valid, legal_agreements: { ...valid.legal_agreements, [field]: value } }
        : { ...valid, [field]: value }
    const errors = errorsOf(values)
    expect(errors[field] ?? null).toBe(kind)
    expect(kind ? enterpriseErrorMessages[kind] : null).toBe(message)
    // Only the field under test is in error.
    expect(Object.keys(errors)).toEqual(kind ? [field] : [])
  })

  it('collects every error of an empty form at once, one per field', () => {
    expect(errorsOf(EMPTY_CONTACT)).toEqual({
      name: 'name-required',
      phone: 'phone-required',
      email: 'email-required',
      company_name: 'company-required',
      seats: 'seats-required',
      full_address: 'address-required',
      terms: 'terms-required',
      privacy: 'privacy-required',
      cookies: 'cookies-required',
      dpa: 'dpa-required',
    })
  })

  it('gives every error kind a message', () => {
    for (const message of Object.values(enterpriseErrorMessages)) expect(message).toMatch(/\S/)
  })
})

describe('normalisePhone (SPEC §5)', () => {
  it.each([
    ['0422470721', '+61422470721'],
    ['04 2247 0721', '+61422470721'],
    ['(04) 2247-0721', '+61422470721'],
    ['422470721', '+61422470721'],
    ['+61422470721', '+61422470721'],
    ['+61 422 470 721', '+61422470721'],
    ['+1 415 555 0100', '+14155550100'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['1300 555 019', '+611300555019'],
    ['+61+422', '+61422'],
  ])('%s -> %s', (raw, normalised) => {
    expect(normalisePhone(raw)).toBe(normalised)
  })
})

describe('RegistrationSchema (the row of SPEC §7 call 3)', () => {
  const typed = { ...valid, name: ' Jane Doe ', email: ' Jane@Example.COM ', phone: '+61 (422) 470-721' }

  it('trims, lowercases the email and normalises the phone', () => {
    expect(v.parse(RegistrationSchema, { ...typed, selected_plan: 'starter', billing_cycle: 'quarterly' })).toEqual({
      ...valid,
      email: 'jane@example.com',
      phone: '+61422470721',
      selected_plan: 'starter',
      billing_cycle: 'quarterly',
    })
  })

  it('passes a row it produced unchanged, so the mock validates what the form sends', () => {
    const row = v.parse(RegistrationSchema, { ...typed, selected_plan: 'growth', billing_cycle: 'biannually' })
    expect(v.parse(RegistrationSchema, row)).toEqual(row)
  })

  it.each([
    ['no plan', { selected_plan: null }, 'plan-required'],
    ['an unknown plan', { selected_plan: 'premium' }, 'plan-required'],
    ['an unknown billing cycle', { billing_cycle: 'monthly' }, 'billing-cycle-invalid'],
  ])('refuses %s', (_case, change, kind) => {
    const result = v.safeParse(RegistrationSchema, { ...valid, selected_plan: 'starter', billing_cycle: 'quarterly', ...change })
    expect(result.issues?.map((issue) => issue.message)).toEqual([kind])
  })
})
