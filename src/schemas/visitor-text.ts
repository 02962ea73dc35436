// Shared by every entry point that takes visitor text (the leads function, its form post, ai-reply,
// review-check) and the registration form. It imports nothing but valibot, so Deno can load it.
import * as v from 'valibot'

export const BAD_CHARACTERS =
  'Your text contains a character we cannot accept (a null character or a broken symbol). Please retype it and send it again.'

// A NUL, or half of a UTF-16 surrogate pair: no database column or e-mail can carry either.
const NUL_OR_LONE_SURROGATE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const isCleanText = (text: string) => !NUL_OR_LONE_SURROGATE.test(text)

const isControlOrReplacement = (code: number) => code < 0x20 || code === 0x7f || code === 0xfffd

/** One line of text (an address, an e-mail): clean, with no control character and no U+FFFD, as the database checks. */
export const isCleanLine = (text: string) => isCleanText(text) && ![...text].some((char) => isControlOrReplacement(char.charCodeAt(0)))

// Unicode format characters (category Cf: U+202E right-to-left override, U+200B zero-width space,
// U+2066-2069 isolates, U+FEFF...) are invisible, yet reorder or hide what staff, the board and
// Stripe show. Control characters other than NUL (refused above), tab and line break likewise.
const FORMAT = /\p{Cf}/gu
const FORMAT_OR_CONTROL = /[\p{Cf}\p{Cc}]/gu
const KEPT = new Set(['\0', '\t', '\n'])

/** A visitor's field without format characters: for fields that refuse control characters themselves. */
export const withoutFormat = (text: string) => text.replace(FORMAT, '')

/** A visitor's field without format or control characters (a line break and a tab stay). */
export const withoutInvisible = (text: string) => text.replace(FORMAT_OR_CONTROL, (char) => (KEPT.has(char) ? char : ''))

/** Whether any string in a decoded body (values and keys, at any depth) holds a NUL or a lone surrogate. */
export function hasBadCharacters(value: unknown): boolean {
  if (typeof value === 'string') return !isCleanText(value)
  if (Array.isArray(value)) return value.some(hasBadCharacters)
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => !isCleanText(key) || hasBadCharacters(item))
  return false
}

/** Checked on the decoded input before its own schema, so the visitor gets this one clear message. */
export const CleanInputSchema = v.pipe(
  v.unknown(),
  v.check((input) => !hasBadCharacters(input), BAD_CHARACTERS),
)
