import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { BAD_CHARACTERS, CleanInputSchema, hasBadCharacters, isCleanLine, withoutFormat, withoutInvisible } from '@/schemas/visitor-text'

describe('visitor text: NUL and lone surrogates refused everywhere', () => {
  it.each([
    ['a NUL', 'a\u0000b', true],
    ['a high surrogate alone', 'a\uD83Db', true],
    ['a high surrogate at the end', 'ab\uD83D', true],
    ['a low surrogate alone', '\uDC4Dab', true],
    ['two highs in a row', '\uD83D\uD83D\uDC4D', true],
    ['an emoji (a whole pair)', 'thumbs 👍 up', false],
    ['accents and CJK', 'Zoë, Ōsaka 大阪', false],
    ['a line break (allowed in free text such as a review)', 'line one\nline two', false],
  ])('%s -> bad: %s', (_case, text, bad) => {
    expect(hasBadCharacters(text)).toBe(bad)
  })

  it('looks into arrays, nested objects and keys', () => {
    expect(hasBadCharacters({ lead: { name: 'Jane', tags: ['ok', 'no\u0000'] } })).toBe(true)
    expect(hasBadCharacters({ ['key\uDC00']: 'x' })).toBe(true)
    expect(hasBadCharacters({ lead: { name: 'Jane', count: 3, ok: true, none: null } })).toBe(false)
  })

  it('gives one clear message', () => {
    const result = v.safeParse(CleanInputSchema, { name: 'a\u0000' })
    expect(result.success).toBe(false)
    expect(result.issues?.map((issue) => issue.message)).toEqual([BAD_CHARACTERS])
  })

  it('refuses control characters and U+FFFD in one-line fields, as the database does', () => {
    expect(isCleanLine('78 Harbour Street')).toBe(true)
    expect(isCleanLine('78 Harbour\nStreet')).toBe(false)
    expect(isCleanLine('78 Harbour\tStreet')).toBe(false)
    expect(isCleanLine('78 Harbour \uFFFD Street')).toBe(false)
  })
})

describe('visitor text: invisible characters removed (issue 42 point 6)', () => {
  it('withoutInvisible removes format characters and controls, keeping line breaks and tabs', () => {
    expect(withoutInvisible('a\u202Eb\u200Bc\u2066d\u2069e\uFEFFf\u00ADg\u0007h\u001Bi\u0085j')).toBe('abcdefghij')
    expect(withoutInvisible('line one\nline\ttwo\r')).toBe('line one\nline\ttwo')
    expect(withoutInvisible('Zoë 👍 大阪')).toBe('Zoë 👍 大阪')
  })

  it('withoutFormat removes format characters only: control characters are left for the one-line check to refuse', () => {
    expect(withoutFormat('78\u202E Harbour\u0007')).toBe('78 Harbour\u0007')
  })
})
