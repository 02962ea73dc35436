// Generated lead input for the property tests: what visitors type, mistype and paste, and what
// autofill and other scripts put in a field (whitespace of every kind, unicode, separators, limits).
import fc from 'fast-check'
import { ALL_LOCATIONS } from '@/schemas/lead'

const spaces = fc.constantFrom('', ' ', '  ', '\t', '\u00a0', '\u2003', '\ufeff', '\u3000')
const padded = (inner: fc.Arbitrary<string>) => fc.tuple(spaces, inner, spaces).map(([before, text, after]) => before + text + after)
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom(' ', '\t', '\u00a0', '\u200b', '\ufeff', '.', '-', '@', '+', "'"), maxLength: 6 }),
)

const localPart = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_'+-]{1,12}(\.[A-Za-z0-9_'+-]{1,8}){0,2}$/),
  fc.string({ unit: fc.constantFrom('a', 'Z', '9', '.', '_', '-', '+', "'", '!', '#', 'é', ' ', '"'), minLength: 1, maxLength: 10 }),
)
const label = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9-]{0,8}[A-Za-z0-9])?$/),
  fc.string({ unit: fc.constantFrom('a', 'Q', '7', '-', '_', 'ü', '.'), minLength: 1, maxLength: 8 }),
  fc.constant('x'.repeat(64)),
  fc.constant('xn--bcher-kva'),
)
const domain = fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => labels.join('.'))
/** Right, nearly right ('jane@clinic', 'jane@clinic.', 'jane..doe@x.com') and wrong e-mails. */
export const emails = fc.oneof(
  { weight: 3, arbitrary: fc.emailAddress() },
  { weight: 2, arbitrary: fc.tuple(localPart, domain).map(([local, host]) => `${local}@${host}.com`) },
  { weight: 4, arbitrary: fc.tuple(localPart, fc.constantFrom('@', '@@', ''), domain).map(([local, at, host]) => `${local}${at}${host}`) },
  { weight: 2, arbitrary: padded(fc.emailAddress()) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('jane@clinic', 'jane@clinic.', 'jane@.com', 'jane..doe@x.com', 'jane@x.c', 'jane@x.co', '@x.com'),
  },
  { weight: 1, arbitrary: nasty },
)

const phoneUnit = fc.constantFrom('0', '4', '2', '9', '1', ' ', ' ', '-', '.', '(', ')', '+', 'x', '\u00a0')
/** Numbers as typed and autofilled: separators, a trunk zero in brackets, too few and too many digits. */
export const phones = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: phoneUnit, maxLength: 24 }) },
  { weight: 3, arbitrary: fc.stringMatching(/^\+?[0-9]{1,3} ?(\(0\))? ?[0-9 ().-]{2,20}$/) },
  { weight: 2, arbitrary: padded(fc.stringMatching(/^0[0-9]{3} ?[0-9]{3} ?[0-9]{2,4}$/)) },
  { weight: 1, arbitrary: nasty },
)

export const names = fc.oneof(
  fc.constantFrom('Jane Doe', "Seán O'Brien", '李小龍', 'Zoë-Ann'),
  padded(fc.string({ unit: 'grapheme', maxLength: 30 })),
  nasty,
  fc.string({ minLength: 95, maxLength: 105 }),
)

export const addresses = fc.oneof(
  fc.constantFrom('1 Main St, Springfield', '12 Harbourside Rd'),
  padded(fc.string({ maxLength: 40 })),
  nasty,
)

export const notes = fc.oneof(fc.constant(''), fc.string({ maxLength: 60 }), fc.string({ minLength: 995, maxLength: 1005 }))

export const locations = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...ALL_LOCATIONS) },
  { weight: 1, arbitrary: fc.constantFrom('', '3', ' 1') },
)

/** Values a form takes, so a generated lead is often right but for one field or two. */
const usual = {
  locations: fc.constantFrom(...ALL_LOCATIONS),
  name: fc.stringMatching(/^\s?[A-Za-zÀ-ÿ' -]{0,20}[A-Za-z]$/),
  phone: fc.stringMatching(/^(\+61 ?[2-9]|0[2-9])[0-9]{2} ?[0-9]{3} ?[0-9]{3}$/),
  email: fc.tuple(localPart, fc.stringMatching(/^[a-z0-9]{1,10}\.(com|com\.au|vet)$/)).map(([local, host]) => `${local}@${host}`),
  business: fc.stringMatching(/^[0-9]{1,3} [A-Za-z ]{2,20}$/),
  note: fc.constant(''),
}
const mostly = <T>(usualValue: fc.Arbitrary<T>, anyValue: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: usualValue }, { weight: 1, arbitrary: anyValue })

/** A lead as the form holds it: every field a string, as typed. */
export const typedLeads = fc.record({
  locations: mostly(usual.locations, locations),
  name: mostly(usual.name, names),
  phone: mostly(usual.phone, phones),
  email: mostly(usual.email, emails),
  business: mostly(usual.business, addresses),
  note: mostly(usual.note, notes),
})
