import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { LEADS_FUNCTION } from '@mocks/endpoints'
import { createLeadsService, type LeadsConfig } from '@/services/leads'
import { FailureError } from '@/schemas/failure'
import type { LeadSubmission } from '@/schemas/lead'
import { failure } from './expect-failure'

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

/** No retries unless a test gives a budget, and a small timeout, so failure cases stay fast. */
const service = (config: Partial<LeadsConfig> = {}) => createLeadsService({ functionsUrl, retryBudgetMs: 0, timeoutMs: 2_000, ...config })
const retrying = (retryBudgetMs: number) => service({ retryBudgetMs, firstRetryMs: 20 })

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
  ] as const)('maps HTTP %i to Failure %s', async (status, kind) => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.json({ error: 'nope' }, { status })))
    const error = await failure(service().submit(submission()))
    expect(error).toMatchObject({ service: 'leads', kind, status })
  })

  it('maps a network error to Failure network', async () => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.error()))
    const error = await failure(service().submit(submission()))
    expect(error.kind).toBe('network')
  })

  it.each([{}, { id: '' }, { id: 42 }, null])('maps a 200 without an id (%j) to Failure unexpected', async (body) => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.json(body)))
    const error = await failure(service().submit(submission()))
    expect(error.kind).toBe('unexpected')
  })

  it('maps a 200 with a body that is not JSON to Failure unexpected', async () => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.text('<html>gateway</html>')))
    const error = await failure(service().submit(submission()))
    expect(error.kind).toBe('unexpected')
  })

  it('maps a timeout to Failure timeout', async () => {
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

    await expect(retrying(5_000).submit(sent)).resolves.toEqual({ id: 'item-7' })

    expect(bodies).toEqual([sent, sent])
  })

  it('does not retry a 400', async () => {
    let calls = 0
    server.use(http.post(LEADS_FUNCTION, () => (calls++, HttpResponse.json({ error: 'no' }, { status: 400 }))))
    expect((await failure(retrying(5_000).submit(submission()))).kind).toBe('invalid')
    expect(calls).toBe(1)
  })

  it('retries network failures and 5xx with backoff until one passes', async () => {
    let calls = 0
    server.use(
      http.post(LEADS_FUNCTION, () => {
        calls++
        if (calls === 1) return HttpResponse.error()
        return calls < 4 ? HttpResponse.json({ error: 'down' }, { status: 500 }) : HttpResponse.json({ id: 'item-8', status: 'delivered' })
      }),
    )
    await expect(retrying(5_000).submit(submission())).resolves.toEqual({ id: 'item-8' })
    expect(calls).toBe(4)
  })

  it('gives up with the last failure once the retry budget is spent', async () => {
    let calls = 0
    server.use(http.post(LEADS_FUNCTION, () => (calls++, HttpResponse.json({ error: 'no database' }, { status: 503 }))))
    const started = Date.now()
    expect(await failure(retrying(400).submit(submission()))).toMatchObject({ kind: 'unavailable', status: 503 })
    expect(calls).toBeGreaterThan(2)
    expect(Date.now() - started).toBeLessThan(1_500)
  })

  it('cuts an attempt still running when the budget ends', async () => {
    server.use(
      http.post(LEADS_FUNCTION, async () => {
        await delay('infinite')
        return HttpResponse.json({ id: 'never' })
      }),
    )
    const started = Date.now()
    expect((await failure(service({ retryBudgetMs: 600, timeoutMs: 400, firstRetryMs: 20 }).submit(submission()))).kind).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(750)
  })

  it('waits as long as a 429 Retry-After asks when that fits in the budget', async () => {
    const at: number[] = []
    server.use(
      http.post(LEADS_FUNCTION, () => {
        at.push(Date.now())
        return at.length === 1
          ? HttpResponse.json({ error: 'slow down' }, { status: 429, headers: { 'retry-after': '1' } })
          : HttpResponse.json({ id: 'item-9' })
      }),
    )
    await expect(retrying(5_000).submit(submission())).resolves.toEqual({ id: 'item-9' })
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950)
  })

  it('fails at once as rate-limited when Retry-After is beyond the budget', async () => {
    let calls = 0
    server.use(
      http.post(
        LEADS_FUNCTION,
        () => (calls++, HttpResponse.json({ error: 'limited' }, { status: 429, headers: { 'retry-after': '600' } })),
      ),
    )
    expect(await failure(retrying(20_000).submit(submission()))).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      retryAfterSeconds: 600,
    })
    expect(calls).toBe(1)
  })

  it('says how long the function asked to wait when it could not record the lead', async () => {
    server.use(
      http.post(LEADS_FUNCTION, () => HttpResponse.json({ error: 'no database' }, { status: 503, headers: { 'retry-after': '600' } })),
    )
    expect(await failure(retrying(20_000).submit(submission()))).toMatchObject({ kind: 'unavailable', status: 503, retryAfterSeconds: 600 })
  })

  it('stops waiting between attempts when the signal aborts', async () => {
    server.use(http.post(LEADS_FUNCTION, () => HttpResponse.json({ error: 'busy' }, { status: 503, headers: { 'retry-after': '5' } })))
    const controller = new AbortController()
    const pending = retrying(20_000).submit(submission(), controller.signal)
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('rejects with an AbortError (not a Failure) when the signal aborts', async () => {
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
    await expect(pending).rejects.not.toBeInstanceOf(FailureError)
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

  it("passes on the lead's signed booking reference, as the leads function answers it", async () => {
    const sent = submission()
    const accepted = await service().submit(sent)
    expect(accepted.booking).toEqual({ ref: sent.submissionId, sig: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
  })
})
