import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { registrationInsert } from '../support/enterprise-row'
import {
  CLIENT_ADDRESS_CASES,
  FORTY_IN_ONE_64,
  NOT_AN_ADDRESS,
  ONE_V4_EIGHT_WAYS,
  ONE_V6_EIGHT_WAYS,
} from '../support/client-address-cases'
import { pgClientAddressKey } from '../../supabase/functions/_shared/limits/client-address.ts'

// 20261129001000_client_address_key.sql: the one client address rule, and the enterprise
// registration limit that counts by it, on a real PostgreSQL as PostgREST calls it.

let pg: PgCluster
beforeAll(async () => {
  pg = await startPgCluster()
}, 60_000)
afterAll(() => pg?.stop())

describe('public.client_address_key: one address, one key', () => {
  it.each(CLIENT_ADDRESS_CASES)('%s', async (_case, headers, key) => {
    const [row] = await pg.sql<{ key: string | null }[]>`select public.client_address_key(${pg.sql.json(headers)}::json) as key`
    expect(row?.key).toBe(key)
    // The functions' wrapper sends the trusted header only, and gets the same answer.
    expect(await pgClientAddressKey(pg.sql)(new Headers(headers))).toBe(key)
  })

  it('reads the header it is told to trust, and no other', async () => {
    const headers = { 'cf-connecting-ip': '203.0.113.7', 'x-real-ip': '198.51.100.9' }
    const [row] = await pg.sql<{ a: string; b: string }[]>`
      select public.client_address_key(${pg.sql.json(headers)}::json, 'X-Real-IP') as a,
             public.client_address_key(${pg.sql.json(headers)}::json) as b`
    expect(row).toEqual({ a: '198.51.100.9', b: '203.0.113.7' })
    expect(await pgClientAddressKey(pg.sql, 'X-Real-IP')(new Headers(headers))).toBe('198.51.100.9')
  })

  it('is not callable by the API roles', async () => {
    const refused = await pg
      .asRole('anon', (tx) => tx`select public.client_address_key('{}'::json)`)
      .then(
        () => 'allowed',
        (error: { code?: string }) => error.code,
      )
    expect(refused).toBe('42501')
  })
})

describe('the enterprise registration limit counts by client_address_key (5 an hour, shared bucket 3 here)', () => {
  /** One registration over the function's connection (decision 021), with the request's headers. */
  const post = (headers: Record<string, string>) =>
    pg.sql
      .begin(async (tx) => {
        await tx`select set_config('request.headers', ${JSON.stringify(headers)}, true)`
        await tx`insert into public.enterprise_registrations ${tx(registrationInsert(randomUUID()) as never)}`
      })
      .then(
        () => 'in',
        (error: { code?: string }) => error.code,
      )
  const postAll = async (all: Record<string, string>[]) => {
    const answers = []
    for (const headers of all) answers.push(await post(headers))
    return answers
  }
  const refusedAfterFive = ['in', 'in', 'in', 'in', 'in', 'PT429', 'PT429', 'PT429']

  beforeEach(async () => {
    await pg.sql`truncate enterprise_registrations`
    await pg.sql`update enterprise_registration_settings
                 set per_address_hourly_limit = 5, shared_hourly_limit = 3, client_address_header = 'cf-connecting-ip'`
  })

  it('one IPv4 address written 8 ways: 5 of 8 in', async () => {
    expect(await postAll(ONE_V4_EIGHT_WAYS.map((value) => ({ 'cf-connecting-ip': value })))).toEqual(refusedAfterFive)
  })

  it('one IPv6 address written 8 ways: 5 of 8 in', async () => {
    expect(await postAll(ONE_V6_EIGHT_WAYS.map((value) => ({ 'cf-connecting-ip': value })))).toEqual(refusedAfterFive)
  })

  it('rotating the first x-forwarded-for entry (and x-real-ip) changes nothing', async () => {
    const rotated = Array.from({ length: 8 }, (_, i) => ({
      'cf-connecting-ip': '198.51.100.7',
      'x-forwarded-for': `192.0.2.${i}, 10.0.0.1`,
      'x-real-ip': `192.0.2.${i + 100}`,
    }))
    expect(await postAll(rotated)).toEqual(refusedAfterFive)
  })

  it('40 addresses from one IPv6 /64: 5 of 40 in; the next /64 is another client', async () => {
    const answers = await postAll(FORTY_IN_ONE_64.map((value) => ({ 'cf-connecting-ip': value })))
    expect(answers.filter((answer) => answer === 'in')).toHaveLength(5)
    expect(await post({ 'cf-connecting-ip': '2001:db8:aa:bc::1' })).toBe('in')
  })

  it('no trusted header, or one that is no address: one shared bucket with its own limit; real addresses are unaffected', async () => {
    const strangers: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '192.0.2.1' },
      ...NOT_AN_ADDRESS.slice(0, 3).map((value) => ({ 'cf-connecting-ip': value })),
    ]
    expect(await postAll(strangers)).toEqual(['in', 'in', 'in', 'PT429', 'PT429'])
    expect(await post({ 'cf-connecting-ip': '203.0.113.99' })).toBe('in')
  })

  it('the trusted header is a database setting', async () => {
    await pg.sql`update enterprise_registration_settings set client_address_header = 'x-real-ip'`
    const rotatedCf = Array.from({ length: 8 }, (_, i) => ({ 'cf-connecting-ip': `192.0.2.${i}`, 'x-real-ip': '198.51.100.70' }))
    expect(await postAll(rotatedCf)).toEqual(refusedAfterFive)
  })
})
