import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { EMAIL_INPUT_PATTERN, EMAIL_MAX_LENGTH, LeadSchema, NON_BLANK_INPUT_PATTERN, NAME_MAX_LENGTH } from '@/schemas/lead'
import { isAcceptablePhone, PHONE_INPUT_PATTERN, PHONE_MAX_DIGITS, PHONE_MAX_LENGTH, PHONE_MIN_DIGITS } from '@/schemas/lead-phone'
import { addresses, emails, names, phones } from '../support/lead-arbitraries'

// Before hydration and without the script, the browser's own checks are all there is: each input's
// constraints must refuse exactly what the `leads` function's schema refuses for that field, so a
// native post never comes back refused and nothing typed is lost.

/**
 * What a browser does with a `required` input's value at submit: its `pattern`, compiled with `v`.
 * A value longer than `maxlength` cannot be typed or autofilled, so it is not one a browser holds.
 */
function browserTakes(value: string, { pattern, maxLength }: { pattern: string; maxLength: number }): boolean {
  const sanitised = value.replace(/[\r\n]/g, '')
  fc.pre(sanitised.length <= maxLength)
  return sanitised !== '' && new RegExp(`^(?:${pattern})$`, 'v').test(sanitised)
}

const valid = { locations: '1', name: 'Sam', phone: '0422470721', email: 'sam@example.com', business: '1 King St', note: '' }
const schemaTakes = (field: 'name' | 'phone' | 'email' | 'business', value: string) =>
  v.safeParse(LeadSchema, { ...valid, [field]: value.replace(/[\r\n]/g, '') }).success

/** The rule as written before the phone became a pattern: trim, phone characters only, 6 to 15 digits without a trunk (0). */
function phoneRule(typed: string): boolean {
  const trimmed = typed.trim()
  if (!/^\+?[0-9 ().-]+$/.test(trimmed) || trimmed.length > PHONE_MAX_LENGTH) return false
  const digits = trimmed.replace(/^(\+\d{1,3})\s*\(0\)/, '$1').replace(/\D/g, '').length
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS
}

const runs = { numRuns: 2_000 }

/** Counts both answers, so a property that only ever saw one of them fails instead of passing vacuously. */
function bothSeen() {
  const seen = { taken: 0, refused: 0 }
  return {
    note: (taken: boolean) => void (taken ? seen.taken++ : seen.refused++),
    check: () => expect(Math.min(seen.taken, seen.refused)).toBeGreaterThan(50),
  }
}

describe('lead inputs: the browser and the schema agree on every value', () => {
  it('e-mail', () => {
    const seen = bothSeen()
    fc.assert(
      fc.property(emails, (email) => {
        seen.note(schemaTakes('email', email))
        expect(browserTakes(email, { pattern: EMAIL_INPUT_PATTERN, maxLength: EMAIL_MAX_LENGTH })).toBe(schemaTakes('email', email))
      }),
      runs,
    )
    seen.check()
    expect(browserTakes('jane@clinic', { pattern: EMAIL_INPUT_PATTERN, maxLength: EMAIL_MAX_LENGTH })).toBe(false)
    expect(browserTakes('jane@clinic.com.au', { pattern: EMAIL_INPUT_PATTERN, maxLength: EMAIL_MAX_LENGTH })).toBe(true)
  })

  it('phone, which also keeps the rule it had as code', () => {
    const seen = bothSeen()
    fc.assert(
      fc.property(phones, (phone) => {
        seen.note(schemaTakes('phone', phone))
        expect(browserTakes(phone, { pattern: PHONE_INPUT_PATTERN, maxLength: PHONE_MAX_LENGTH })).toBe(schemaTakes('phone', phone))
        expect(isAcceptablePhone(phone)).toBe(phoneRule(phone))
      }),
      runs,
    )
    seen.check()
  })

  it('name and address: anything but blank', () => {
    fc.assert(
      fc.property(names, addresses, (name, business) => {
        expect(browserTakes(name, { pattern: NON_BLANK_INPUT_PATTERN, maxLength: NAME_MAX_LENGTH })).toBe(schemaTakes('name', name))
        expect(browserTakes(business, { pattern: NON_BLANK_INPUT_PATTERN, maxLength: 300 })).toBe(schemaTakes('business', business))
      }),
      runs,
    )
  })

  it('every e-mail the pattern takes is one a browser takes as an e-mail address at all (WHATWG)', () => {
    const whatwg =
      /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
    fc.assert(
      fc.property(emails, (email) => {
        if (schemaTakes('email', email)) expect(whatwg.test(email.trim())).toBe(true)
      }),
      runs,
    )
  })
})
