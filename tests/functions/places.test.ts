import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { createPlacesHandler, PLACES_FIELD_MASK, type PlacesDeps } from '../../supabase/functions/places/handler.ts'
import { ORIGIN, recordingLogger } from './support'

const GOOGLE = 'https://places.test'
const ENDPOINT = `${GOOGLE}/v1/places:autocomplete`
const KEY = 'maps-key-never-logged'

type GoogleCall = { headers: Headers; body: Record<string, unknown> }

function fakeGoogle(reply: () => Response | Promise<Response>): GoogleCall[] {
  const calls: GoogleCall[] = []
  server.use(
    http.post(ENDPOINT, async ({ request }) => {
      calls.push({ headers: request.headers, body: (await request.json()) as Record<string, unknown> })
      return reply()
    }),
  )
  return calls
}

function placesHandler(overrides: Partial<PlacesDeps> = {}) {
  const logger = recordingLogger()
  const handler = createPlacesHandler({
    apiKey: KEY,
    baseUrl: GOOGLE,
    regionCodes: [],
    allowedOrigins: [ORIGIN],
    fetch: (input, init) => fetch(input, init),
    logger,
    ...overrides,
  })
  return { handler, logger }
}

const ask = (handler: (req: Request) => Promise<Response>, query: string, init: RequestInit = {}) =>
  handler(new Request(`https://project.test/functions/v1/places${query}`, { headers: { origin: ORIGIN }, ...init }))

const suggestions = {
  suggestions: [
    { placePrediction: { placeId: 'ChIJ1', text: { text: '1 George St, Sydney NSW, Australia' }, types: ['street_address'] } },
    { queryPrediction: { text: { text: 'george street pizza' } } },
    { placePrediction: { placeId: 'ChIJ2', text: { text: '1 George St, Brisbane QLD, Australia' } } },
  ],
}

describe('places function', () => {
  it('maps Google suggestions to predictions and skips query predictions', async () => {
    const calls = fakeGoogle(() => HttpResponse.json(suggestions))
    const { handler } = placesHandler()

    const res = await ask(handler, '?input=1%20George%20St&session=abc-123_XYZ')

    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(await res.json()).toEqual({
      status: 'OK',
      predictions: [
        { place_id: 'ChIJ1', description: '1 George St, Sydney NSW, Australia' },
        { place_id: 'ChIJ2', description: '1 George St, Brisbane QLD, Australia' },
      ],
    })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.headers.get('x-goog-api-key')).toBe(KEY)
    expect(calls[0]!.headers.get('x-goog-fieldmask')).toBe(PLACES_FIELD_MASK)
    expect(calls[0]!.headers.get('content-type')).toBe('application/json')
    expect(calls[0]!.body).toEqual({ input: '1 George St', sessionToken: 'abc-123_XYZ' })
  })

  it('sends the configured region codes', async () => {
    const calls = fakeGoogle(() => HttpResponse.json(suggestions))
    const { handler } = placesHandler({ regionCodes: ['au', 'nz'] })
    await ask(handler, '?input=george&session=s1')
    expect(calls[0]!.body).toEqual({ input: 'george', sessionToken: 's1', includedRegionCodes: ['au', 'nz'] })
  })

  it('asks for establishments only for the review check (kind=business), and refuses other kinds', async () => {
    const calls = fakeGoogle(() => HttpResponse.json(suggestions))
    const { handler } = placesHandler()
    await ask(handler, '?input=harbourside%20vet&session=s1&kind=business')
    expect(calls[0]!.body).toEqual({ input: 'harbourside vet', sessionToken: 's1', includedPrimaryTypes: ['establishment'] })
    expect((await ask(handler, '?input=george&session=s1&kind=people')).status).toBe(400)
  })

  it.each([
    ['an empty answer', {}],
    ['only query predictions', { suggestions: [{ queryPrediction: { text: { text: 'pizza' } } }] }],
  ])('answers ZERO_RESULTS for %s', async (_case, answer) => {
    fakeGoogle(() => HttpResponse.json(answer))
    const { handler } = placesHandler()
    const res = await ask(handler, '?input=zzzz&session=s1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ZERO_RESULTS', predictions: [] })
  })

  it.each([
    ['no input', '?session=s1'],
    ['a blank input', '?input=%20%20&session=s1'],
    ['an input over 200 characters', `?input=${'a'.repeat(201)}&session=s1`],
    ['no session', '?input=george'],
    ['a session with spaces', '?input=george&session=a%20b'],
    ['a session over 100 characters', `?input=george&session=${'s'.repeat(101)}`],
  ])('answers 400 INVALID_REQUEST for %s without calling Google', async (_case, query) => {
    const calls = fakeGoogle(() => HttpResponse.json(suggestions))
    const { handler } = placesHandler()
    const res = await ask(handler, query)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ status: 'INVALID_REQUEST', predictions: [], error: expect.any(String) })
    expect(calls).toHaveLength(0)
  })

  it.each([
    [
      'HTTP 403',
      () => HttpResponse.json({ error: { code: 403, message: 'API key not valid', status: 'PERMISSION_DENIED' } }, { status: 403 }),
      'API key not valid',
    ],
    ['HTTP 500', () => new HttpResponse('upstream', { status: 500 }), 'upstream'],
    ['a network error', () => HttpResponse.error(), undefined],
    ['a non-JSON answer', () => new HttpResponse('<html>', { status: 200 }), '<html>'],
  ])('answers 502 UNAVAILABLE when Google fails with %s, and logs it', async (_case, reply, message) => {
    fakeGoogle(reply)
    const { handler, logger } = placesHandler()
    const res = await ask(handler, '?input=george&session=s1')
    expect(res.status).toBe(502)
    expect(await res.json()).toEqual({ status: 'UNAVAILABLE', predictions: [], error: expect.any(String) })
    expect(logger.records).toHaveLength(1)
    expect(logger.records[0]!.level).toBe('warn')
    if (message) expect(String(logger.records[0]!.fields?.message)).toContain(message)
    expect(JSON.stringify(logger.records)).not.toContain(KEY)
  })

  it('answers 502 when Google is too slow', async () => {
    fakeGoogle(async () => (await delay(1_000), HttpResponse.json(suggestions)))
    const { handler } = placesHandler({ timeoutMs: 50 })
    expect((await ask(handler, '?input=george&session=s1')).status).toBe(502)
  })

  it('answers 503 when no key is configured', async () => {
    const { handler } = placesHandler({ apiKey: undefined })
    const res = await ask(handler, '?input=george&session=s1')
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ status: 'UNAVAILABLE', predictions: [] })
  })

  it('allows GET only, with the same CORS rules as leads', async () => {
    const { handler } = placesHandler()
    expect((await ask(handler, '?input=george&session=s1', { method: 'POST' })).status).toBe(405)
    const preflight = await ask(handler, '', { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'GET' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS')
    const foreign = await ask(handler, '?input=george&session=s1', { headers: { origin: 'https://evil.test' } })
    expect(foreign.status).toBe(403)
  })
})

describe('places function: rate limit', () => {
  it('answers 429 OVER_QUERY_LIMIT with Retry-After, readable by the browser, and never calls Google', async () => {
    const calls = fakeGoogle(() => HttpResponse.json(suggestions))
    const { handler } = placesHandler({ limiter: async () => ({ allowed: false, retryAfterSeconds: 42 }) })
    const res = await ask(handler, '?input=george&session=s1')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('42')
    expect(res.headers.get('access-control-expose-headers')).toBe('retry-after')
    expect(await res.json()).toMatchObject({ status: 'OVER_QUERY_LIMIT', predictions: [] })
    expect(calls).toHaveLength(0)
  })

  it('fails open when the limiter itself fails: typing an address never depends on the database', async () => {
    fakeGoogle(() => HttpResponse.json(suggestions))
    const { handler, logger } = placesHandler({ limiter: () => Promise.reject(new Error('database down')) })
    expect((await ask(handler, '?input=george&session=s1')).status).toBe(200)
    expect(logger.records).toContainEqual(expect.objectContaining({ level: 'warn', message: 'places rate limit check failed' }))
  })
})
