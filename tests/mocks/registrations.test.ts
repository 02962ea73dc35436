import { describe, expect, it } from 'vitest'
import { MOCK_SUPABASE_URL } from '@/config'
import { clearRecordedRequests, recordedRequests } from '@mocks/recorder'
import { validRegistration } from '../support/enterprise-row'

const url = `${MOCK_SUPABASE_URL}/rest/v1/enterprise_registrations`
const post = (body: unknown, headers: Record<string, string> = { apikey: 'anon-key' }) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe('enterprise_registrations mock (PostgREST as the anon role meets it)', () => {
  it('answers 201 with no body for a valid row (return=minimal, the default) and records the body', async () => {
    clearRecordedRequests()
    const response = await post(validRegistration, { apikey: 'anon-key', prefer: 'return=minimal' })
    expect(response.status).toBe(201)
    expect(await response.text()).toBe('')
    expect(recordedRequests('registrations').map((r) => r.body)).toEqual([validRegistration])
    expect((await post(validRegistration)).status).toBe(201)
  })

  it.each([
    ['refuses', { phone: '+0422470721' }],
    ['would still normalise, as the database check does', { phone: '0422470721' }],
    ['would still lowercase', { email: 'Jane@Example.com' }],
  ])('answers 400 with a check-violation body for a row the shared schema %s', async (_case, change) => {
    const response = await post({ ...validRegistration, ...change })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: '23514',
      message: expect.stringContaining('violates check constraint'),
      details: expect.stringContaining(Object.keys(change)[0]!),
      hint: null,
    })
  })

  it('answers 401 without an API key, and when asked to hand the row back', async () => {
    const noKey = await post(validRegistration, {})
    expect(noKey.status).toBe(401)
    expect(await noKey.json()).toMatchObject({ code: 'PGRST301', details: null, hint: null })
    const representation = await post(validRegistration, { apikey: 'anon-key', prefer: 'return=representation' })
    expect(representation.status).toBe(401)
    expect(await representation.json()).toMatchObject({ code: '42501', message: expect.stringContaining('row-level security') })
  })
})
