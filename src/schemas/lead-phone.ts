// The lead forms' phone number, as people type it and as autofill fills it (DESIGN.md deviation 5).
// Shared by the form's machine, the schema the `leads` function validates with, and so the native
// post: it imports nothing, so Deno can load it as it is.

export const PHONE_MIN_DIGITS = 6
export const PHONE_MAX_DIGITS = 15
/** Room for separators around 15 digits: '+61 (0) 422 470 721'. */
export const PHONE_MAX_LENGTH = 30

// What separates digits as people type them. Written for the `v` flag browsers compile `pattern`
// with (a class escapes its brackets and hyphen), which reads the same under `u`.
const SEPARATORS = '[ \\(\\)\\.\\-]*'
const digits = (min: number, max: number) => `${SEPARATORS}(?:[0-9]${SEPARATORS}){${min},${max}}`
/** The trunk zero people write inside an international number: '+61 (0)4 2247 0721' (it is not counted). */
const trunkZero = (countryDigits: number) =>
  `\\+[0-9]{${countryDigits}} *\\(0\\)${digits(PHONE_MIN_DIGITS - countryDigits, PHONE_MAX_DIGITS - countryDigits)}`

/**
 * The phone numbers we take, as the input's `pattern` and the schema's check: phone characters
 * only, a leading + at most, and 6 to 15 digits once a trunk zero after the country code is
 * dropped. The browser refuses exactly what the `leads` function would, before anything is sent
 * (the input's title carries our message). Whitespace around it is trimmed by both.
 */
export const PHONE_INPUT_PATTERN =
  `\\s*(?:(?!\\+[0-9]{1,3} *\\(0\\))\\+?${digits(PHONE_MIN_DIGITS, PHONE_MAX_DIGITS)}` +
  `|${trunkZero(1)}|${trunkZero(2)}|${trunkZero(3)})\\s*`
const ACCEPTABLE = new RegExp(`^(?:${PHONE_INPUT_PATTERN})$`, 'u')

export const PHONE_INVALID = `Please enter a phone number of ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits, for example 0422 470 721`

/** The trunk zero people write inside an international number: '+61 (0)4 2247 0721'. */
const TRUNK_ZERO = /^(\+\d{1,3})\s*\(0\)/

/** Digits only, keeping a leading +: '+61 422 470 721' -> '+61422470721', '(04) 2247-0721' -> '0422470721'. */
export function normalisePhone(typed: string): string {
  const trimmed = typed.trim().replace(TRUNK_ZERO, '$1')
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '')
}

/** Whether a phone as typed is one we take: only phone characters, and 6 to 15 digits. */
export function isAcceptablePhone(typed: string): boolean {
  return typed.trim().length <= PHONE_MAX_LENGTH && ACCEPTABLE.test(typed)
}
