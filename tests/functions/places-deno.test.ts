import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The places function under Deno with its rate limiter on a real PostgreSQL and a fake Google.
let pg: PgCluster
let google: Server
let places: DenoFunction
let googleCalls = 0

beforeAll(async () => {
  loopbackPassesThrough()
  google = createServer((req, res) => {
    googleCalls++
    req.resume()
    req.on('end', () => {
      const suggestion = { placePrediction: { placeId: 'p1', text: { text: '1 George St, Sydney' } } }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ suggestions: [suggestion] }))
    })
  })
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve))
  pg = await startPgCluster()
  places = await startFunction('places', {
    SUPABASE_DB_URL: pg.url,
    GOOGLE_MAPS_API_KEY: 'test-key',
    GOOGLE_PLACES_URL: `http://127.0.0.1:${(google.address() as AddressInfo).port}`,
    ALLOWED_ORIGINS: ORIGIN,
    PLACES_RATE_LIMIT: '3/60',
    RATE_LIMIT_SALT: 'test-salt',
  })
}, 90_000)

afterAll(async () => {
  await places?.stop()
  await new Promise((resolve) => google?.close(resolve))
  await pg?.stop()
})

beforeEach(loopbackPassesThrough)

const ask = (ip: string) =>
  fetchWithin(`${places.url}?input=george&session=s1`, {
    headers: { origin: ORIGIN, 'cf-connecting-ip': ip },
    within: 10_000,
  })

describe('places under Deno with the PostgreSQL rate limiter', () => {
  it('answers a client until its limit, then 429 OVER_QUERY_LIMIT without calling Google; other clients go on', async () => {
    for (let i = 0; i < 3; i++) expect(await (await ask('203.0.113.20')).json()).toMatchObject({ status: 'OK' })
    const limited = await ask('203.0.113.20')
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ status: 'OVER_QUERY_LIMIT', predictions: [] })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(googleCalls).toBe(3)
    expect((await ask('203.0.113.21')).status).toBe(200)
  }, 30_000)
})
