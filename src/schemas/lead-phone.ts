// The lead forms' phone number, as people type it and as autofill fills it (DESIGN.md deviation 5).
// Shared by the form's machine, the schema the `leads` function validates with, and so the native
// post: it imports nothing, so Deno can load it as it is.

export const PHONE_MIN_DIGITS = 6
export const PHONE_MAX_DIGITS = 15
/** Room for separators around 15 digits: '+61 (0) 422 470 721'. */
export const PHONE_MAX_LENGTH = 30

/**
 * What the browser lets through without the script: the characters people type in a phone number,
 * never a digit count (that is checked by the machine and the function, with a message of ours).
 * Written for the `v` flag browsers compile `pattern` with.
 */
export const PHONE_INPUT_PATTERN = '\\+?[0-9 \\.\\(\\)\\-]+'

export const PHONE_INVALID = `Please enter a phone number of ${PHONE_MIN_DIGITS} to ${PHONE_MAX_DIGITS} digits, for example 0422 470 721`

const TYPED = /^\+?[0-9 ().-]+$/
/** The trunk zero people write inside an international number: '+61 (0)4 2247 0721'. */
const TRUNK_ZERO = /^(\+\d{1,3})\s*\(0\)/

/** Digits only, keeping a leading +: '+61 422 470 721' -> '+61422470721', '(04) 2247-0721' -> '0422470721'. */
export function normalisePhone(typed: string): string {
  const trimmed = typed.trim().replace(TRUNK_ZERO, '$1')
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '')
}

/** Whether a phone as typed is one we take: only phone characters, and 6 to 15 digits. */
export function isAcceptablePhone(typed: string): boolean {
  const trimmed = typed.trim()
  if (!TYPED.test(trimmed) || trimmed.length > PHONE_MAX_LENGTH) return false
  const digits = normalisePhone(trimmed).replace('+', '').length
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS
}
