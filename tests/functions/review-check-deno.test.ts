import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { answerGooglePlaces } from '@mocks/fake-google-places'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The review-check function under Deno, its limits on a real PostgreSQL, and the fake Google over
// the same fixtures as the offline site.
let pg: PgCluster
let google: Server
let check: DenoFunction
let googleCalls = 0

beforeAll(async () => {
  loopbackPassesThrough()
  google = createServer((req, res) => {
    googleCalls++
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        ...(req.method === 'POST' ? { body } : {}),
      })
      void answerGooglePlaces(request).then(async (answer) =>
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()),
      )
    })
  })
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve))
  pg = await startPgCluster()
  check = await startFunction('review-check', {
    SUPABASE_DB_URL: pg.url,
    GOOGLE_MAPS_API_KEY: 'test-key',
    GOOGLE_PLACES_URL: `http://127.0.0.1:${(google.address() as AddressInfo).port}`,
    ALLOWED_ORIGINS: ORIGIN,
    REVIEW_CHECK_DAILY_CAP: '5',
    RATE_LIMIT_SALT: 'test-salt',
  })
}, 90_000)

afterAll(async () => {
  await check?.stop()
  await new Promise((resolve) => google?.close(resolve))
  await pg?.stop()
})

beforeEach(loopbackPassesThrough)

const ask = (ip: string, origin = ORIGIN) =>
  fetchWithin(`${check.url}?place=mock-vet-harbourside&radius=5`, {
    headers: { origin, 'cf-connecting-ip': ip },
    within: 10_000,
  })

describe('review-check under Deno with PostgreSQL limits', () => {
  it('refuses a foreign origin without calling Google', async () => {
    expect((await ask('203.0.113.9', 'https://evil.example')).status).toBe(403)
    expect(googleCalls).toBe(0)
  }, 30_000)

  it('allows 3 checks an hour per client, then the daily cap stops everyone; only salted hashes are stored', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await ask('203.0.113.30')
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ rank: 3, radiusKm: 5, business: { reviewCount: 212 } })
    }
    const limited = await ask('203.0.113.30')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3600)
    const callsBefore = googleCalls

    // Checks 4 and 5 of the day (cap 5) pass for other clients; the sixth meets the cap.
    expect((await ask('203.0.113.31')).status).toBe(200)
    expect((await ask('203.0.113.32')).status).toBe(200)
    const capped = await ask('203.0.113.33')
    expect(capped.status).toBe(503)
    expect(await capped.json()).toMatchObject({ code: 'cap-reached' })
    expect(googleCalls).toBe(callsBefore + 4) // details and nearby for each of the two

    const rows = await pg.sql<{ bucket: string; client_hash: string; hits: number }[]>`
      select bucket, client_hash, hits from request_limits where bucket like 'review-check%' order by bucket, hits desc`
    expect(new Set(rows.map((r) => r.bucket))).toEqual(new Set(['review-check-hour', 'review-check-day', 'review-check-cap']))
    expect(rows.find((r) => r.bucket === 'review-check-hour')).toMatchObject({ hits: 4 })
    expect(rows.find((r) => r.bucket === 'review-check-day')).toMatchObject({ hits: 4 })
    expect(rows.find((r) => r.bucket === 'review-check-cap')).toMatchObject({ client_hash: 'all', hits: 6 })
    expect(JSON.stringify(rows)).not.toContain('203.0.113')
  }, 60_000)
})
