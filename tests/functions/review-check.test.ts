import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ReviewCheckResultSchema } from '@/schemas/review-check'
import { answerGooglePlaces } from '@mocks/fake-google-places'
import { businessFixtures } from '@mocks/fixtures/businesses'
import { createReviewCheckHandler, type ReviewCheckDeps } from '../../supabase/functions/review-check/handler.ts'
import { DETAILS_FIELD_MASK, SEARCH_FIELD_MASK } from '../../supabase/functions/review-check/google-places.ts'
import { ORIGIN, recordingLogger } from './support'

const KEY = 'maps-key-never-logged'
type Call = { method: string; path: string; mask: string | null; key: string | null; body: Record<string, unknown> | undefined }

/** The handler on the fake Google over the fixtures; `google` may replace an answer. */
function checker(overrides: Partial<ReviewCheckDeps> = {}, google?: (req: Request, call: Call) => Response | undefined) {
  const calls: Call[] = []
  const logger = recordingLogger()
  const handler = createReviewCheckHandler({
    apiKey: KEY,
    baseUrl: 'https://places.test',
    allowedOrigins: [ORIGIN],
    logger,
    limiters: [],
    fetch: async (input, init) => {
      const req = new Request(input, init)
      const text = req.method === 'POST' ? await req.clone().text() : ''
      const call = {
        method: req.method,
        path: new URL(req.url).pathname,
        mask: req.headers.get('x-goog-fieldmask'),
        key: req.headers.get('x-goog-api-key'),
        body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
      }
      calls.push(call)
      return google?.(req, call) ?? answerGooglePlaces(req)
    },
    ...overrides,
  })
  const ask = (query: string, init: RequestInit = {}) =>
    handler(new Request(`https://project.test/functions/v1/review-check${query}`, { headers: { origin: ORIGIN }, ...init }))
  return { ask, calls, logger }
}

describe('review-check function', () => {
  it('ranks the business among same-type places within the radius, with minimal field masks', async () => {
    const { ask, calls } = checker()
    const res = await ask('?place=mock-vet-harbourside&radius=5')
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const result = v.parse(ReviewCheckResultSchema, await res.json())
    expect(result.business).toMatchObject({
      name: 'Harbourside Veterinary Clinic',
      rating: 4.6,
      reviewCount: 212,
      primaryType: 'veterinary_care',
    })
    expect(result.rank).toBe(3)
    expect(result.competitors).toHaveLength(9)
    expect(result.competitors.map((c) => c.name)).not.toContain('Balmain Vets') // 6.4 km away
    expect(result.radiusKm).toBe(5)

    expect(DETAILS_FIELD_MASK).toBe('id,displayName,formattedAddress,location,primaryType,googleMapsUri,rating,userRatingCount')
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v1/places/mock-vet-harbourside', mask: DETAILS_FIELD_MASK, key: KEY })
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/v1/places:searchNearby', mask: SEARCH_FIELD_MASK })
    expect(SEARCH_FIELD_MASK.split(',').every((field) => field.startsWith('places.'))).toBe(true)
    expect(calls[1]!.body).toEqual({
      includedTypes: ['veterinary_care'],
      maxResultCount: 10,
      rankPreference: 'POPULARITY',
      locationRestriction: { circle: { center: businessFixtures[0]!.location, radius: 5000 } },
    })
    expect(calls).toHaveLength(2)
  })

  it('falls back to Text Search when Nearby finds fewer than 3 others, keeping only places within the radius', async () => {
    const { ask, calls } = checker({}, (_req, call) => (call.path.endsWith('searchNearby') ? Response.json({}) : undefined))
    const result = v.parse(ReviewCheckResultSchema, await (await ask('?place=mock-plumber-newtown&radius=5')).json())
    expect(calls.map((c) => c.path)).toEqual(['/v1/places/mock-plumber-newtown', '/v1/places:searchNearby', '/v1/places:searchText'])
    expect(calls[2]!.body).toMatchObject({
      textQuery: 'plumber',
      includedType: 'plumber',
      pageSize: 10,
      locationBias: { circle: { radius: 5000 } },
    })
    expect(calls[2]!.mask).toBe(SEARCH_FIELD_MASK)
    expect(result.competitors.map((c) => c.name)).not.toContain('Balmain Plumbing') // answered by the bias, 6 km away
    expect(result.competitors.length).toBeGreaterThanOrEqual(3)
  })

  it('answers a business with no reviews (rating null) and one with no competitors', async () => {
    const { ask } = checker()
    const fresh = v.parse(ReviewCheckResultSchema, await (await ask('?place=mock-dentist-king-street-smiles&radius=5')).json())
    expect(fresh.business).toMatchObject({ rating: null, reviewCount: 0 })
    const alone = v.parse(ReviewCheckResultSchema, await (await ask('?place=mock-locksmith-newtown&radius=10')).json())
    expect(alone).toMatchObject({ competitors: [], rank: 1 })
  })

  it.each([
    ['?radius=5', 'place'],
    ['?place=mock-vet-harbourside', 'radius'],
    ['?place=mock-vet-harbourside&radius=3', 'radius must be 2, 5 or 10'],
    ['?place=..%2Fetc&radius=5', 'place must be'],
    [`?place=${'a'.repeat(256)}&radius=5`, 'place must be'],
  ])('answers bad input %s with 400 and calls no one', async (query, message) => {
    const { ask, calls } = checker()
    const res = await ask(query)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid', message: expect.stringContaining(message) })
    expect(calls).toHaveLength(0)
  })

  it('refuses foreign origins before any work and answers preflights for listed ones', async () => {
    const { ask, calls } = checker()
    const foreign = await ask('?place=mock-vet-harbourside&radius=5', { headers: { origin: 'https://evil.example' } })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await ask('', { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    // POST carries the bot check's token in a JSON body (docs/turnstile.md).
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS')
    expect((await ask('?place=mock-vet-harbourside&radius=5', { method: 'PUT' })).status).toBe(405)
    expect(calls).toHaveLength(0)
  })

  it('maps every Google failure: unknown id 404, not a business 422, errors and timeouts 502', async () => {
    expect((await checker().ask('?place=mock-nowhere&radius=5')).status).toBe(404)
    const address = checker({}, () =>
      Response.json({ id: 'addr1', formattedAddress: '1 Main St', location: { latitude: 1, longitude: 1 } }),
    )
    expect(await (await address.ask('?place=addr1&radius=5')).json()).toMatchObject({ code: 'not-a-business' })

    for (const google of [
      () => Response.json({ error: { message: 'API key not valid' } }, { status: 403 }),
      () => Response.json({ error: { message: 'Quota exceeded' } }, { status: 429 }),
      (_req: Request, call: Call) => (call.path.endsWith('searchNearby') ? new Response('<html>', { status: 500 }) : undefined),
      () => new Response('not json', { status: 200 }),
    ]) {
      const { ask, logger } = checker({}, google)
      const res = await ask('?place=mock-vet-harbourside&radius=5')
      expect(res.status).toBe(502)
      expect(await res.json()).toMatchObject({ code: 'places-failed' })
      expect(JSON.stringify(logger.records)).not.toContain(KEY)
    }
    const slow = checker({
      timeoutMs: 20,
      fetch: (_url, init) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    })
    expect((await slow.ask('?place=mock-vet-harbourside&radius=5')).status).toBe(502)
  })

  it('answers 429 with the longest wait of the client limits, and 503 cap-reached past the daily cap, without calling Google', async () => {
    const limited = checker({
      limiters: [async () => ({ allowed: false, retryAfterSeconds: 1200 }), async () => ({ allowed: false, retryAfterSeconds: 30_000 })],
    })
    const res = await limited.ask('?place=mock-vet-harbourside&radius=5')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('30000')
    expect(res.headers.get('access-control-expose-headers')).toBe('retry-after')
    expect(await res.json()).toMatchObject({ code: 'rate-limited' })

    const capped = checker({ dailyCap: async () => ({ allowed: false, retryAfterSeconds: 3600 }) })
    const cap = await capped.ask('?place=mock-vet-harbourside&radius=5')
    expect(cap.status).toBe(503)
    expect(await cap.json()).toMatchObject({ code: 'cap-reached' })

    const broken = checker({ limiters: [() => Promise.reject(new Error('db down'))] })
    expect(await (await broken.ask('?place=mock-vet-harbourside&radius=5')).json()).toMatchObject({ code: 'unavailable' })
    expect([...limited.calls, ...capped.calls, ...broken.calls]).toHaveLength(0)
  })

  it('is unavailable (503) without a maps key', async () => {
    const { ask } = checker({ apiKey: undefined })
    expect(await (await ask('?place=mock-vet-harbourside&radius=5')).json()).toMatchObject({ code: 'unavailable' })
  })
})
