import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { PLACES_FUNCTION } from '@mocks/endpoints'
import { clearRecordedRequests, recordedRequests } from '@mocks/recorder'
import { addressFixtures } from '@mocks/fixtures/addresses'
import { createPlacesService, PLACES_CACHE_TTL_MS } from '@/services/places'
import { failure } from './expect-failure'

const functionsUrl = 'https://project.example.co/functions/v1'
const T0 = Date.UTC(2025, 4, 1, 9, 0, 0)

/** A Storage kept in memory, so the cache is observable and isolated per test. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value))
  }
}

function setup() {
  const storage = new MemoryStorage()
  const clock = { now: T0 }
  const places = createPlacesService({ functionsUrl, timeoutMs: 2_000 }, { storage, now: () => clock.now })
  return { places, storage, clock }
}

const requests = () => recordedRequests('places')

beforeEach(() => clearRecordedRequests())

describe('places service', () => {
  it('sends GET `${functionsUrl}/places` with input (trimmed) and session as query params', async () => {
    const urls: URL[] = []
    server.use(
      http.get(PLACES_FUNCTION, ({ request }) => {
        urls.push(new URL(request.url))
        return HttpResponse.json({ status: 'ZERO_RESULTS', predictions: [] })
      }),
    )
    await setup().places.autocomplete('  45 Oak Ave  ', 'session-abc')
    expect(urls).toHaveLength(1)
    expect(`${urls[0]!.origin}${urls[0]!.pathname}`).toBe(`${functionsUrl}/places`)
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ input: '45 Oak Ave', session: 'session-abc' })
  })

  it('parses an OK answer into status and predictions', async () => {
    const answer = await setup().places.autocomplete('collins', 'session-1')
    expect(answer).toEqual({
      status: 'OK',
      predictions: [
        { place_id: 'mock-300-collins-street-melbourne-vic-australia', description: '300 Collins Street, Melbourne VIC, Australia' },
      ],
    })
  })

  it('caches an answer in the injected storage: a second identical query makes no request', async () => {
    const { places, storage } = setup()
    const first = await places.autocomplete('main st', 'session-1')
    const second = await places.autocomplete('main st', 'session-2')
    expect(second).toEqual(first)
    expect(requests()).toHaveLength(1)
    expect(storage.length).toBe(1)
    expect(JSON.parse(storage.getItem(storage.key(0)!)!)).toEqual({ at: T0, answer: first })
  })

  it('keys the cache without case or surrounding spaces', async () => {
    const { places, storage } = setup()
    await places.autocomplete('Main St', 'session-1')
    await places.autocomplete('  main st ', 'session-1')
    await places.autocomplete('MAIN ST', 'session-1')
    expect(requests()).toHaveLength(1)
    expect(storage.length).toBe(1)
    await places.autocomplete('main street', 'session-1')
    expect(requests()).toHaveLength(2)
  })

  it('serves entries up to 24 h old and refetches older ones', async () => {
    const { places, clock } = setup()
    await places.autocomplete('queen', 'session-1')
    clock.now = T0 + PLACES_CACHE_TTL_MS
    await places.autocomplete('queen', 'session-1')
    expect(requests()).toHaveLength(1)
    clock.now = T0 + PLACES_CACHE_TTL_MS + 1
    await places.autocomplete('queen', 'session-1')
    expect(requests()).toHaveLength(2)
    clock.now += 1_000
    await places.autocomplete('queen', 'session-1')
    expect(requests()).toHaveLength(2)
    expect(PLACES_CACHE_TTL_MS).toBe(24 * 60 * 60 * 1000)
  })

  it('caches ZERO_RESULTS', async () => {
    const { places } = setup()
    await places.autocomplete('zzqx nowhere', 'session-1')
    await places.autocomplete('zzqx nowhere', 'session-1')
    expect(requests()).toHaveLength(1)
  })

  it('maps a rate-limited visitor (429) to a failure, which the address field treats as plain text entry', async () => {
    server.use(
      http.get(PLACES_FUNCTION, () =>
        HttpResponse.json({ status: 'OVER_QUERY_LIMIT', predictions: [] }, { status: 429, headers: { 'retry-after': '60' } }),
      ),
    )
    const { places, storage } = setup()
    const error = await failure(places.autocomplete('oak', 'session-1'))
    expect(error).toMatchObject({ service: 'places', kind: 'rate-limited', status: 429 })
    expect(storage.length).toBe(0)
  })

  it.each(['OVER_QUERY_LIMIT', 'REQUEST_DENIED', 'UNKNOWN_ERROR'])('does not cache a %s answer', async (status) => {
    let calls = 0
    server.use(
      http.get(PLACES_FUNCTION, () => {
        calls++
        return HttpResponse.json({ status, predictions: [] })
      }),
    )
    const { places, storage } = setup()
    await expect(places.autocomplete('oak', 'session-1')).resolves.toEqual({ status, predictions: [] })
    await places.autocomplete('oak', 'session-1')
    expect(calls).toBe(2)
    expect(storage.length).toBe(0)
  })

  it('ignores and replaces a corrupt cache entry', async () => {
    const { places, storage } = setup()
    storage.setItem('places:v1:oak', JSON.stringify({ at: T0, answer: { status: 'OK' } }))
    const answer = await places.autocomplete('oak', 'session-1')
    expect(answer.predictions[0]?.description).toBe('45 Oak Avenue, Austin TX, USA')
    expect(requests()).toHaveLength(1)
  })

  it('maps an upstream 503 to Failure unavailable and caches nothing', async () => {
    server.use(http.get(PLACES_FUNCTION, () => HttpResponse.json({ status: 'UNAVAILABLE', predictions: [] }, { status: 503 })))
    const { places, storage } = setup()
    const error = await failure(places.autocomplete('oak', 'session-1'))
    expect(error).toMatchObject({ service: 'places', kind: 'unavailable', status: 503 })
    expect(storage.length).toBe(0)
  })

  it.each([
    ['unavailable (503)', 503],
    ['rate limited (429)', 429],
  ])('once %s, it stays off for the visit: every later call fails unavailable without a request', async (_, status) => {
    let calls = 0
    server.use(http.get(PLACES_FUNCTION, () => (calls++, HttpResponse.json({ status: 'UNAVAILABLE', predictions: [] }, { status }))))
    const { places } = setup()
    await failure(places.autocomplete('oak', 'session-1'))
    const again = await failure(places.autocomplete('maple', 'session-1'))
    expect(again).toMatchObject({ service: 'places', kind: 'unavailable' })
    expect(calls).toBe(1)
    // A new page load builds a new service, which asks again.
    await failure(setup().places.autocomplete('birch', 'session-2'))
    expect(calls).toBe(2)
  })

  it('a malformed answer does not turn it off', async () => {
    server.use(http.get(PLACES_FUNCTION, () => HttpResponse.json('OK'), { once: true }))
    const { places } = setup()
    await failure(places.autocomplete('oak', 'session-1'))
    await places.autocomplete('maple', 'session-1')
  })

  it.each([
    ['no predictions array', { status: 'OK' }],
    ['predictions of the wrong shape', { status: 'OK', predictions: [{ id: 1, text: 'x' }] }],
    ['a bare string', 'OK'],
  ])('maps a malformed body (%s) to a Failure and caches nothing', async (_, body) => {
    server.use(http.get(PLACES_FUNCTION, () => HttpResponse.json(body)))
    const { places, storage } = setup()
    const error = await failure(places.autocomplete('oak', 'session-1'))
    expect(error).toMatchObject({ service: 'places', kind: 'unexpected' })
    expect(storage.length).toBe(0)
  })

  it('works without any storage', async () => {
    const places = createPlacesService({ functionsUrl }, { storage: undefined, now: () => T0 })
    await places.autocomplete('oak', 'session-1')
    await places.autocomplete('oak', 'session-1')
    expect(requests()).toHaveLength(2)
  })
})

describe('places mock handler (mocks/handlers/places.ts)', () => {
  it('filters the fixtures by every word of the query, at most 5', async () => {
    const { predictions, status } = await setup().places.autocomplete('main st', 'session-1')
    expect(status).toBe('OK')
    expect(predictions.length).toBeGreaterThan(1)
    expect(predictions.length).toBeLessThanOrEqual(5)
    const expected = addressFixtures.filter((a) => a.toLowerCase().includes('main') && a.toLowerCase().includes('st'))
    expect(predictions.map((p) => p.description)).toEqual(expected.slice(0, 5))
    expect(requests()).toEqual([{ system: 'places', body: { input: 'main st', session: 'session-1' }, at: expect.any(Number) }])
  })

  it('answers ZERO_RESULTS with no predictions for nonsense', async () => {
    await expect(setup().places.autocomplete('qwzx plorb', 'session-1')).resolves.toEqual({ status: 'ZERO_RESULTS', predictions: [] })
  })

  it('answers 400 INVALID_REQUEST without a valid session token', async () => {
    const error = await failure(setup().places.autocomplete('main', 'bad token!'))
    expect(error).toMatchObject({ kind: 'invalid', status: 400 })
  })
})
