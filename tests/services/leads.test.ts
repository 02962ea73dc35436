import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { LEADS_FUNCTION } from '@mocks/endpoints'
import { createLeadsService, type LeadsConfig } from '@/services/leads'
import { ServiceError } from '@/services/http-failure'
import type { LeadSubmission } from '@/schemas/lead'
import { failure } from './expect-service-error'

const functionsUrl = 'https://project.example.co/functions/v1'

const submission = (overrides: Partial<LeadSubmission> = {}): LeadSubmission => ({
  submissionId: crypto.randomUUID(),
  lead: {
    locations: '2-10',
    name: 'Jane Doe',
    phone: '0422470721',
    email: 'jane@example.com',
    business: '12 Main Street, Springfield IL, USA',
    note: '',
  },
  tracking: { platform: 'google', keyword: 'vet' },
  source: { path: '/', label: 'Homepage' },
  ...overrides,
})

/** Small retry and timeout so failure cases stay fast. */
const service = (config: Partial<LeadsConfig> = {}) => createLeadsService({ functionsUrl, retryLimit: 0, timeoutMs: 2_000, ...config })

describe('leads service', () => {
  it('posts the exact submission as JSON to `${functionsUrl}/leads` and returns the id', async () => {
    const sent = submission()
    const received: { url: string; method: string; contentType: string | null; body: unknown }[] = []
    server.use(
      http.post(LEADS_FUNCTION, async ({ request }) => {
        received.push({
          url: request.url,
          method: request.method,
          contentType: request.headers.get('content-type'),
          body: await request.json(),
        })
        return HttpResponse.json({ id: 'item-42' })
      }),
    )

    await expect(service().submit(sent)).resolves.toEqual({ id: 'item-42' })

    expect(received).toEqual([
      { url: `${functionsUrl}/leads`, method: 'POST', contentType: expect.stringContaining('application/json'), body: sent },
    ])
  })

  it.each([
    [400, 'invalid'],
    [422, 'invalid'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ] as const)('maps HTTP %i to ServiceError %s', async (status, kind) => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.json({ error: 'nope' }, { status })))
    const error = await failure(service().submit(submission()))
    expect(error).toMatchObject({ service: 'leads', kind, status })
  })

  it('maps a network error to ServiceError network', async () => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.error()))
    const error = await failure(service().submit(submission()))
    expect(error.kind).toBe('network')
  })

  it.each([{}, { id: '' }, { id: 42 }, null])('maps a 200 without an id (%j) to ServiceError unexpected', async (body) => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.json(body)))
    const error = await failure(service().submit(submission()))
    expect(error.kind).toBe('unexpected')
  })

  it('maps a 200 with a body that is not JSON to ServiceError unexpected', async () => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.text('<html>gateway</html>')))
    const error = await failure(service().submit(submission()))
    expect(error.kind).toBe('unexpected')
  })

  it('maps a timeout to ServiceError timeout', async () => {
    server.use(
      http.post(LEADS_FUNCTION, async () => {
        await delay(500)
        return HttpResponse.json({ id: 'late' })
      }),
    )
    const error = await failure(service({ timeoutMs: 50 }).submit(submission()))
    expect(error.kind).toBe('timeout')
  })

  it('retries a 503 and then succeeds, sending the same body (same submissionId) each time', async () => {
    const sent = submission()
    const bodies: unknown[] = []
    server.use(
      http.post(LEADS_FUNCTION, async ({ request }) => {
        bodies.push(await request.json())
        return bodies.length === 1 ? HttpResponse.json({ error: 'busy' }, { status: 503 }) : HttpResponse.json({ id: 'item-7' })
      }),
    )

    await expect(service({ retryLimit: 1 }).submit(sent)).resolves.toEqual({ id: 'item-7' })

    expect(bodies).toEqual([sent, sent])
  })

  it('does not retry a 400 or a 500', async () => {
    let calls = 0
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.json({ error: 'no' }, { status: ++calls === 1 ? 400 : 500 })))
    const svc = service({ retryLimit: 2 })
    expect((await failure(svc.submit(submission()))).kind).toBe('invalid')
    expect((await failure(svc.submit(submission()))).kind).toBe('unavailable')
    expect(calls).toBe(2)
  })

  it('rejects with an AbortError (not a ServiceError) when the signal aborts', async () => {
    let received!: () => void
    const requestArrived = new Promise<void>((resolve) => (received = resolve))
    server.use(
      http.post(LEADS_FUNCTION, async () => {
        received()
        await delay('infinite')
        return HttpResponse.json({ id: 'never' })
      }),
    )
    const controller = new AbortController()

    const pending = service().submit(submission(), controller.signal)
    await requestArrived
    controller.abort()

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    await expect(pending).rejects.not.toBeInstanceOf(ServiceError)
  })

  it('rejects with an AbortError for a signal that is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(service().submit(submission(), controller.signal)).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('leads mock handler (mocks/handlers/leads.ts)', () => {
  it('answers 400 with issues for an invalid body, which the service maps to invalid', async () => {
    const response = await fetch(`${functionsUrl}/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...submission(), submissionId: 'not-a-uuid', lead: { ...submission().lead, phone: 'call me' } }),
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: string; issues: { path: string; message: string }[] }
    expect(body.error).toBe('Invalid lead')
    expect(body.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['submissionId', 'lead.phone']))

    const invalid = { ...submission(), lead: { ...submission().lead, business: '   ' } }
    expect((await failure(service().submit(invalid))).kind).toBe('invalid')
  })

  it('answers a repeated submissionId with the same id, a new one with a new id', async () => {
    const first = submission()
    const svc = service()
    const a = await svc.submit(first)
    const b = await svc.submit({ ...first, lead: { ...first.lead, name: 'Jane D.' } })
    const c = await svc.submit(submission())
    expect(a.id).toMatch(/^\d+$/)
    expect(b.id).toBe(a.id)
    expect(c.id).not.toBe(a.id)
  })
})
