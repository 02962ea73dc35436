import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The ad-visits function under Deno on a real PostgreSQL (issue 44 point 6): the landing page's
// beacon counts a visit with a click id; a stranger cannot inflate the counts, store text of their
// own choosing past the limits, or reach it any other way than a small POST.
let pg: PgCluster
let fn: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  pg = await startPgCluster()
  fn = await startFunction('ad-visits', {
    SUPABASE_DB_URL: pg.url,
    ALLOWED_ORIGINS: ORIGIN,
    AD_VISITS_RATE_LIMIT: '10/3600',
    RATE_LIMIT_SALT: 'test-salt',
    AGENCY_TIME_ZONE: 'Australia/Sydney',
  })
}, 90_000)
afterAll(async () => {
  await fn?.stop()
  await pg?.stop()
})
beforeEach(async () => {
  loopbackPassesThrough()
  await pg.sql`truncate ad_visits, request_limits`
})

// What navigator.sendBeacon(url, new URLSearchParams(...)) sends.
const beacon = (body: string, { ip = '203.0.113.7', headers = {} as Record<string, string> } = {}) =>
  fetchWithin(fn.url, {
    method: 'POST',
    headers: { origin: ORIGIN, 'cf-connecting-ip': ip, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', ...headers },
    body,
    within: 10_000,
  })
const counted = async () =>
  pg.sql`select platform, keyword, click_kinds, visits::int from ad_visits order by platform, keyword, click_kinds`

describe('the landing beacon', () => {
  it('counts a visit by agency day, platform, keyword and the kinds of click id, and stores no id', async () => {
    const res = await beacon('platform=google&keyword=vet+reviews&kinds=gclid')
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect((await beacon('platform=google&keyword=vet+reviews&kinds=wbraid,gclid', { ip: '203.0.113.8' })).status).toBe(204)
    const [day] =
      await pg.sql`select (now() at time zone 'Australia/Sydney')::date::text as today, (select min(day)::text from ad_visits) as day`
    expect(day).toMatchObject({ today: day!.day })
    expect(await counted()).toEqual([
      { platform: 'google', keyword: 'vet reviews', click_kinds: 'gclid', visits: 1 },
      { platform: 'google', keyword: 'vet reviews', click_kinds: 'gclid+wbraid', visits: 1 },
    ])
  })
})

describe('a stranger attacks it', () => {
  it('10,000 visits from one address: 10 are counted, the rest are 429 with Retry-After; another address still counts', async () => {
    const statuses: number[] = []
    for (let sent = 0; sent < 10_000; sent += 100) {
      const batch = await Promise.all(Array.from({ length: 100 }, () => beacon('platform=google&keyword=flood&kinds=gclid')))
      statuses.push(...batch.map((res) => res.status))
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(9_990)
    const limited = await beacon('platform=google&keyword=flood&kinds=gclid')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await beacon('platform=google&keyword=flood&kinds=gclid', { ip: '198.51.100.9' })).status).toBe(204)
    expect(await counted()).toEqual([{ platform: 'google', keyword: 'flood', click_kinds: 'gclid', visits: 11 }])
  }, 240_000)

  it('the same address spelled otherwise, or another address in its /64, is the same client', async () => {
    for (let i = 0; i < 10; i++) expect((await beacon('kinds=gclid', { ip: `2001:db8:1:2::${i + 1}` })).status).toBe(204)
    expect((await beacon('kinds=gclid', { ip: '2001:0db8:0001:0002:0000:0000:0000:00ff' })).status).toBe(429)
  }, 30_000)

  it('refuses an oversized keyword, unknown or repeated fields, an unknown kind, no kind, a GET, another origin, another body type', async () => {
    const refusals = [
      await beacon(`platform=google&keyword=${'k'.repeat(101)}&kinds=gclid`),
      await beacon(`platform=google&keyword=vet&kinds=gclid&gclid=Cj0KCQ`),
      await beacon(`platform=google&keyword=vet&kinds=gclid&keyword=other`),
      await beacon(`platform=google&keyword=vet&kinds=gclid,gclid`),
      await beacon(`platform=google&keyword=vet&kinds=token`),
      await beacon(`platform=google&keyword=vet`),
      await beacon(`platform=google&keyword=vet&kinds=gclid&pad=${'x'.repeat(2_000)}`),
      await beacon('{"platform":"google","kinds":"gclid"}', { headers: { 'content-type': 'text/plain' } }),
      await beacon('platform=google&kinds=gclid', { headers: { origin: 'https://evil.example' } }),
      await fetch(`${fn.url}?platform=google&keyword=vet&kinds=gclid`, { headers: { origin: ORIGIN, 'cf-connecting-ip': '203.0.113.7' } }),
    ]
    expect(refusals.map((res) => res.status)).toEqual([400, 400, 400, 400, 400, 400, 413, 415, 403, 405])
    const oversized = await refusals[0]!.json()
    expect(JSON.stringify(oversized)).not.toContain('kkkk')
    expect(await counted()).toEqual([])
  }, 30_000)
})
