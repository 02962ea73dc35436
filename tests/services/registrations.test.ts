import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { REGISTER_FUNCTION } from '@mocks/endpoints'
import { withScenario } from '../support/mock-scenario'
import { clearRecordedRequests, recordedRequests } from '@mocks/recorder'
import { MOCK_SUPABASE_URL } from '@/config'
import { createRegistrationsService } from '@/services/registrations'
import { registrationInsert } from '../support/enterprise-row'
import { failure } from './expect-failure'

const functionsUrl = `${MOCK_SUPABASE_URL}/functions/v1`
const service = (retryBudgetMs = 2_000) => createRegistrationsService({ functionsUrl, retryBudgetMs, firstRetryMs: 10 })

describe('registrations service (the enterprise-register function, against its mock)', () => {
  it('posts the row as it is with the bot check token to enterprise-register, and nothing else', async () => {
    clearRecordedRequests()
    const urls: string[] = []
    server.events.on('request:start', ({ request }) => void urls.push(`${request.method} ${request.url}`))
    const row = registrationInsert()
    await service().insert({ ...row, turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' })
    server.events.removeAllListeners()
    expect(recordedRequests('registrations').map((r) => r.body)).toEqual([{ ...row, turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' }])
    expect(urls).toEqual([`POST ${functionsUrl}/enterprise-register`])
  })

  it('counts a retry whose submission_id is already in (200) as saved: one registration, however many tries', async () => {
    clearRecordedRequests()
    const registrations = service()
    const row = registrationInsert()
    await registrations.insert(row)
    await expect(registrations.insert(row)).resolves.toEqual({ verified: false })
    expect(recordedRequests('registrations').map((r) => r.body)).toEqual([row, row])
  })

  // Issue 42.1: step 3 promises e-mails only on the function's word that it took the registration as from a person.
  it("gives the function's word on verification: the widget's token passes, none, another or a refused one does not", async () => {
    const dummy = 'XXXX.DUMMY.TOKEN.XXXX'
    await expect(service().insert({ ...registrationInsert(), turnstileToken: dummy })).resolves.toEqual({ verified: true })
    await expect(service().insert(registrationInsert())).resolves.toEqual({ verified: false })
    await expect(service().insert({ ...registrationInsert(), turnstileToken: 'abc' })).resolves.toEqual({ verified: false })
    await expect(
      withScenario('turnstile-failed', () => service().insert({ ...registrationInsert(), turnstileToken: dummy })),
    ).resolves.toEqual({ verified: false })
  })

  it('reads an answer that does not say as unverified: nothing is promised on a guess', async () => {
    server.use(http.post(REGISTER_FUNCTION, () => HttpResponse.json({ status: 'recorded' }, { status: 201 }), { once: true }))
    await expect(service().insert({ ...registrationInsert(), turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' })).resolves.toEqual({
      verified: false,
    })
  })

  it('retries a lost answer with the same body and resolves once the function says it is in', async () => {
    clearRecordedRequests()
    const row = registrationInsert()
    await withScenario('registration-lost', () => service().insert(row))
    expect(recordedRequests('registrations').map((r) => r.body)).toEqual([row, row])
  })

  it.each([
    [400, { error: 'Invalid registration', code: 'invalid', fields: ['phone'] }, 'invalid'],
    [400, { error: 'Bad characters', code: 'bad-characters', fields: ['company_name'] }, 'bad-characters'],
    [409, { error: 'Already in', code: 'conflict' }, 'conflict'],
    [429, { error: 'Too many registrations' }, 'rate-limited'],
    [503, { error: 'Unavailable' }, 'unavailable'],
  ] as const)('turns a %i answer %j into a %s Failure', async (status, body, kind) => {
    server.use(http.post(REGISTER_FUNCTION, () => HttpResponse.json(body, { status, headers: { 'retry-after': '600' } })))
    const error = await failure(service().insert(registrationInsert()))
    expect(error).toMatchObject({ service: 'registrations', kind, status })
  })

  it('retries a transient failure within its budget, then succeeds', async () => {
    let calls = 0
    server.use(
      http.post(REGISTER_FUNCTION, () =>
        ++calls < 3
          ? HttpResponse.json({ error: 'busy' }, { status: 503 })
          : HttpResponse.json({ status: 'recorded', verified: true }, { status: 201 }),
      ),
    )
    await service(5_000).insert(registrationInsert())
    expect(calls).toBe(3)
  })

  it("turns the per-address limit (429 with Retry-After past the budget) into 'rate-limited' at once, with the wait", async () => {
    await withScenario('registration-limited', async () => {
      const error = await failure(service().insert(registrationInsert()))
      expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterSeconds: 3600 })
    })
  })

  it('turns a network failure that outlasts the budget into a network Failure', async () => {
    server.use(http.post(REGISTER_FUNCTION, () => HttpResponse.error()))
    const error = await failure(service(200).insert(registrationInsert()))
    expect(error).toMatchObject({ service: 'registrations', kind: 'network' })
  })
})
