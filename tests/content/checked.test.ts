import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { checked } from '@/content/checked'

// The server render and the tests check content (import.meta.env.SSR); the browser ships it as written.
describe('checked content', () => {
  const Schema = v.object({ title: v.pipe(v.string(), v.trim(), v.nonEmpty()), items: v.pipe(v.array(v.string()), v.minLength(1)) })

  it('returns the data when the schema accepts it as it is', () => {
    const data = { items: ['a'], title: 'Hello' }
    expect(checked(import.meta.env.SSR && Schema, data)).toEqual(data)
  })

  it('fails on content the schema refuses', () => {
    expect(() => checked(import.meta.env.SSR && Schema, { title: 'Hello', items: [] })).toThrow(v.ValiError)
  })

  it('fails on content the schema would change: the browser copy would differ from the prerendered one', () => {
    expect(() => checked(import.meta.env.SSR && Schema, { title: ' Hello ', items: ['a'] })).toThrow(/not as its schema outputs it/)
  })

  it('checks nothing without a schema (the client build, where the condition is false)', () => {
    expect(checked(false, { title: '', items: [] })).toEqual({ title: '', items: [] })
  })
})
