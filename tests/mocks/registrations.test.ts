import { describe, expect, it } from 'vitest'
import { MOCK_SUPABASE_URL } from '@/config'
import { withScenario } from '../support/mock-scenario'
import { clearRecordedRequests, recordedRequests } from '@mocks/recorder'
import { registrationInsert, validRegistration } from '../support/enterprise-row'

const url = `${MOCK_SUPABASE_URL}/functions/v1/enterprise-register`
const post = (body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'

describe('enterprise-register mock (the function as the browser meets it)', () => {
  it('answers 201 recorded and verified for a valid row with a token, and records the body', async () => {
    clearRecordedRequests()
    const row = { ...registrationInsert(), turnstileToken: TOKEN }
    const response = await post(row)
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ status: 'recorded', verified: true })
    expect(recordedRequests('registrations').map((r) => r.body)).toEqual([row])
  })

  it('records a row without a token, or with one that fails verification, as unverified', async () => {
    expect(await (await post(registrationInsert())).json()).toEqual({ status: 'recorded', verified: false })
    await withScenario('turnstile-failed', async () => {
      expect(await (await post({ ...registrationInsert(), turnstileToken: TOKEN })).json()).toEqual({ status: 'recorded', verified: false })
    })
  })

  it.each([
    ['refuses', { phone: '+0422470721' }],
    ['would still normalise', { phone: '0422470721' }],
    ['would still lowercase', { email: 'Jane@Example.com' }],
  ])('answers 400 naming the field for a row the shared schema %s', async (_case, change) => {
    const response = await post({ ...registrationInsert(), ...change })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'Invalid registration', code: 'invalid', fields: Object.keys(change) })
  })

  it('requires a submission_id, and answers a second post of one already in with 200', async () => {
    const missing = await post(validRegistration)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ code: 'invalid', fields: ['submission_id'] })
    const row = registrationInsert()
    expect((await post(row)).status).toBe(201)
    const again = await post(row)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ status: 'recorded', verified: false })
  })

  it('answers ?mock=registration-limited with 429 and a Retry-After past the retry budget', async () => {
    await withScenario('registration-limited', async () => {
      const response = await post(registrationInsert())
      expect(response.status).toBe(429)
      expect(response.headers.get('retry-after')).toBe('3600')
    })
  })

  it('answers ?mock=registration-lost with a network error after recording the row, so the retry is answered 200', async () => {
    await withScenario('registration-lost', async () => {
      const row = registrationInsert()
      await expect(post(row)).rejects.toThrow()
      expect((await post(row)).status).toBe(200)
    })
  })
})
