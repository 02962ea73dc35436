import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeBoard, type FakeBoard } from '../support/fake-board.mjs'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { FORTY_IN_ONE_64, NOT_AN_ADDRESS, ONE_V4_EIGHT_WAYS, ONE_V6_EIGHT_WAYS } from '../support/client-address-cases'
import { loopbackPassesThrough, ORIGIN, pipelineEnv, submission } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The per-address limit of the functions, by the one rule (public.client_address_key): the `leads`
// function under Deno on a real PostgreSQL (the other functions build their limiters the same way),
// 5 leads an hour per client, the shared bucket 2 × 5.
let pg: PgCluster
let board: FakeBoard
let leads: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  ;[pg, board] = await Promise.all([startPgCluster(), startFakeBoard()])
  leads = await startFunction('leads', {
    ...pipelineEnv(pg.url, board.url),
    LEADS_RATE_LIMIT: '5/3600',
    RATE_LIMIT_SHARED_FACTOR: '2',
    RATE_LIMIT_SALT: 'test-salt',
  })
}, 90_000)

afterAll(async () => {
  await leads?.stop()
  await board?.close()
  await pg?.stop()
})

beforeEach(loopbackPassesThrough)

const post = async (headers: Record<string, string>) =>
  (
    await fetchWithin(leads.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body: JSON.stringify(submission({ submissionId: crypto.randomUUID(), guard: { honeypot: '', fillMs: 12_000 } })),
      within: 10_000,
    })
  ).status
const postAll = async (all: Record<string, string>[]) => {
  const statuses = []
  for (const headers of all) statuses.push(await post(headers))
  return statuses
}
const fiveOfEight = [200, 200, 200, 200, 200, 429, 429, 429]

describe('leads: one client address, one way (deno, PostgreSQL)', () => {
  it('one IPv4 address written 8 ways gets 5 of 8 through', async () => {
    expect(await postAll(ONE_V4_EIGHT_WAYS.map((value) => ({ 'cf-connecting-ip': value })))).toEqual(fiveOfEight)
  })

  it('one IPv6 address written 8 ways gets 5 of 8 through', async () => {
    expect(await postAll(ONE_V6_EIGHT_WAYS.map((value) => ({ 'cf-connecting-ip': value })))).toEqual(fiveOfEight)
  })

  it('rotating the first x-forwarded-for entry and x-real-ip does nothing', async () => {
    const rotated = Array.from({ length: 8 }, (_, i) => ({
      'cf-connecting-ip': '198.51.100.7',
      'x-forwarded-for': `192.0.2.${i}, 10.0.0.1`,
      'x-real-ip': `192.0.2.${i + 100}`,
    }))
    expect(await postAll(rotated)).toEqual(fiveOfEight)
  })

  it('40 addresses from one IPv6 /64 get 5 of 40 through', async () => {
    const statuses = await postAll(FORTY_IN_ONE_64.map((value) => ({ 'cf-connecting-ip': value })))
    expect(statuses.filter((status) => status === 200)).toHaveLength(5)
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true)
  })

  it('without a trusted address, requests share one bucket with its own limit (10); a real address is unaffected', async () => {
    const strangers: Record<string, string>[] = [
      ...Array.from({ length: 6 }, (_, i) => ({ 'x-forwarded-for': `192.0.2.${i + 50}` })),
      ...NOT_AN_ADDRESS.slice(1, 6).map((value) => ({ 'cf-connecting-ip': value })),
    ]
    const statuses = await postAll(strangers)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(statuses[10]).toBe(429)
    expect(await post({ 'cf-connecting-ip': '203.0.113.200' })).toBe(200)
  })
})
