import { describe, expect, it } from 'vitest'
import { MOCK_SUPABASE_URL } from '@/config'
import { withScenario } from '../support/mock-scenario'
import { clearRecordedRequests, recordedRequests } from '@mocks/recorder'
import { registrationInsert, validRegistration } from '../support/enterprise-row'

const url = `${MOCK_SUPABASE_URL}/rest/v1/enterprise_registrations`
const post = (body: unknown, headers: Record<string, string> = { apikey: 'anon-key' }) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe('enterprise_registrations mock (PostgREST as the anon role meets it)', () => {
  it('answers 201 with no body for a valid row (return=minimal, the default) and records the body', async () => {
    clearRecordedRequests()
    const row = registrationInsert()
    const response = await post(row, { apikey: 'anon-key', prefer: 'return=minimal' })
    expect(response.status).toBe(201)
    expect(await response.text()).toBe('')
    expect(recordedRequests('registrations').map((r) => r.body)).toEqual([row])
    expect((await post(registrationInsert())).status).toBe(201)
  })

  it.each([
    ['refuses', { phone: '+0422470721' }],
    ['would still normalise, as the database check does', { phone: '0422470721' }],
    ['would still lowercase', { email: 'Jane@Example.com' }],
  ])('answers 400 with a check-violation body for a row the shared schema %s', async (_case, change) => {
    const response = await post({ ...registrationInsert(), ...change })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: '23514',
      message: expect.stringContaining('violates check constraint'),
      details: expect.stringContaining(Object.keys(change)[0]!),
      hint: null,
    })
  })

  it('answers 401 without an API key, and when asked to hand the row back', async () => {
    const noKey = await post(registrationInsert(), {})
    expect(noKey.status).toBe(401)
    expect(await noKey.json()).toMatchObject({ code: 'PGRST301', details: null, hint: null })
    const representation = await post(registrationInsert(), { apikey: 'anon-key', prefer: 'return=representation' })
    expect(representation.status).toBe(401)
    expect(await representation.json()).toMatchObject({ code: '42501', message: expect.stringContaining('row-level security') })
  })

  it('requires a submission_id (23502, as the not-null column answers) and honours its unique key (409, 23505)', async () => {
    const missing = await post(validRegistration)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ code: '23502', message: expect.stringContaining('submission_id') })
    const row = registrationInsert()
    expect((await post(row)).status).toBe(201)
    const again = await post(row)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({
      code: '23505',
      message: 'duplicate key value violates unique constraint "enterprise_registrations_submission_id_key"',
      details: `Key (submission_id)=(${row.submission_id}) already exists.`,
      hint: null,
    })
  })

  it("answers ?mock=registration-limited as PostgREST answers the limits trigger's PT429: 429 with its message and hint", async () => {
    await withScenario('registration-limited', async () => {
      const response = await post(registrationInsert())
      expect(response.status).toBe(429)
      expect(await response.json()).toEqual({
        code: 'PT429',
        message: 'Too many registrations from this network',
        details: 'enterprise_registrations: rate limited',
        hint: 'Try again in an hour, or call the agency.',
      })
    })
  })

  it('answers ?mock=registration-lost with a network error after recording the row, so the retry meets the unique key', async () => {
    await withScenario('registration-lost', async () => {
      const row = registrationInsert()
      await expect(post(row)).rejects.toThrow()
      expect((await post(row)).status).toBe(409)
    })
  })
})
