import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { registrationInsert } from '../support/enterprise-row'
import { FAKE_HOSTNAME, FAKE_SECRET, PASS_SECRET, startFakeSiteverify, type FakeSiteverify } from '../support/fake-siteverify.mjs'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// enterprise-register under Deno on a real PostgreSQL with every migration, against the fake
// siteverify: the bot check where the token arrives, then the insert over the server's connection.
let pg: PgCluster
let siteverify: FakeSiteverify
let register: DenoFunction
let passing: DenoFunction

beforeAll(async () => {
  loopbackPassesThrough()
  siteverify = await startFakeSiteverify()
  pg = await startPgCluster()
  const env = {
    SUPABASE_DB_URL: pg.url,
    ALLOWED_ORIGINS: ORIGIN,
    TURNSTILE_VERIFY_URL: siteverify.url,
    TURNSTILE_HOSTNAMES: FAKE_HOSTNAME,
  }
  ;[register, passing] = await Promise.all([
    startFunction('enterprise-register', { ...env, TURNSTILE_SECRET_KEY: FAKE_SECRET }),
    // Cloudflare's always-pass test secret: only the token ledger can refuse a reused token here.
    startFunction('enterprise-register', { ...env, TURNSTILE_SECRET_KEY: PASS_SECRET }),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([register?.stop(), passing?.stop()])
  await siteverify?.stop()
  await pg?.stop()
})

beforeEach(() => {
  loopbackPassesThrough()
  siteverify.mode = 'up'
})

let nextAddress = 10
const post = (fn: DenoFunction, body: unknown, ip = `198.51.100.${nextAddress++}`) =>
  fetchWithin(fn.url, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    within: 10_000,
  })
const stored = async (submissionId: string) =>
  (
    await pg.sql<{ verified: boolean; status: string }[]>`
    select verified, status from enterprise_registrations where submission_id = ${submissionId}`
  )[0]

describe('enterprise-register', () => {
  it('records a registration with a valid token as verified (201), and its retry answers 200 with one row', async () => {
    const row = registrationInsert()
    const token = siteverify.issue({ action: 'registration' })
    const first = await post(register, { ...row, turnstileToken: token })
    expect(first.status).toBe(201)
    expect(first.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(await first.json()).toEqual({ status: 'recorded', verified: true })
    const retry = await post(register, { ...row, turnstileToken: token })
    expect(retry.status).toBe(200)
    expect(await retry.json()).toEqual({ status: 'recorded', verified: true })
    expect(await stored(row.submission_id)).toEqual({ verified: true, status: 'pending' })
  }, 30_000)

  it.each([
    ['no token', () => undefined],
    ['a token for another form', () => siteverify.issue({ action: 'lead' })],
    ['a token from another hostname', () => siteverify.issue({ action: 'registration', hostname: 'evil.example' })],
  ])(
    'records a registration with %s, unverified: sales sees it, nothing goes to the registrant',
    async (_case, token) => {
      const row = registrationInsert()
      const res = await post(register, { ...row, turnstileToken: token() })
      expect(res.status).toBe(201)
      expect(await res.json()).toEqual({ status: 'recorded', verified: false })
      expect((await stored(row.submission_id))?.verified).toBe(false)
    },
    30_000,
  )

  it('refuses a token replayed by a second registration (the token ledger), even when siteverify passes every token', async () => {
    const token = 'XXXX.DUMMY.TOKEN.XXXX'
    const first = await post(passing, { ...registrationInsert(), turnstileToken: token })
    expect(await first.json()).toEqual({ status: 'recorded', verified: true })
    const second = await post(passing, { ...registrationInsert(), turnstileToken: token })
    expect(await second.json()).toEqual({ status: 'recorded', verified: false })
  }, 30_000)

  it('answers 503 with Retry-After and records nothing while siteverify is down', async () => {
    siteverify.mode = 'down'
    const row = registrationInsert()
    const res = await post(register, { ...row, turnstileToken: siteverify.issue({ action: 'registration' }) })
    expect(res.status).toBe(503)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await stored(row.submission_id)).toBeUndefined()
  }, 30_000)

  it('answers 400 naming the fields, and 400 bad-characters for a NUL or a line break, recording nothing', async () => {
    const invalid = await post(register, { ...registrationInsert(), email: 'not-an-email', seats: '5' })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toEqual({ error: expect.any(String), code: 'invalid', fields: ['email', 'seats'] })
    for (const full_address of ['78 Harbour\u0000 Street', '78 Harbour Street\nOver the daily cap: ignore']) {
      const row = registrationInsert()
      const res = await post(register, { ...row, full_address })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'bad-characters' })
      expect(await stored(row.submission_id)).toBeUndefined()
    }
  }, 30_000)

  it('keeps the per-address limit of the one client address rule: the sixth verified from one address in an hour gets 429', async () => {
    const verified = () => ({ ...registrationInsert(), turnstileToken: siteverify.issue({ action: 'registration' }) })
    const answers: number[] = []
    for (const ip of ['203.0.113.77', '203.0.113.077', '203.0.113.77:443', '::ffff:203.0.113.77', '203.0.113.77', '203.0.113.77'])
      answers.push((await post(register, verified(), ip)).status)
    expect(answers).toEqual([201, 201, 201, 201, 201, 429])
    const limited = await post(register, verified(), '203.0.113.77')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await post(register, verified(), '203.0.113.78')).status).toBe(201)
  }, 30_000)

  it('gives tokenless registrations their own, tighter limit: the third from one address (any spelling) gets 429', async () => {
    const answers: number[] = []
    for (const ip of ['203.0.113.79', '203.0.113.079:443', '::ffff:203.0.113.79'])
      answers.push((await post(register, registrationInsert(), ip)).status)
    expect(answers).toEqual([201, 201, 429])
  }, 30_000)

  it('answers a preflight for the site and refuses a foreign origin', async () => {
    const preflight = await fetch(register.url, { method: 'OPTIONS', headers: { origin: ORIGIN } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey')
    const foreign = await fetch(register.url, { method: 'POST', headers: { origin: 'https://evil.example' }, body: '{}' })
    expect(foreign.status).toBe(403)
  }, 30_000)
})

// Issue 44 point 1: the registration carries the visit's click and consent; the function stores it
// as the shared schema cleans it (unknown keys dropped) and refuses junk before anything is stored.
describe('enterprise-register: the attribution', () => {
  const consent = {
    asked: true,
    source: 'banner',
    ad_storage: 'granted',
    ad_user_data: 'granted',
    ad_personalization: 'granted',
    analytics_storage: 'denied',
  }
  const attribution = {
    platform: 'meta',
    keyword: 'vets',
    clickIds: { fbclid: 'IwAR3x_y-z' },
    clickAt: 1_790_000_000_000,
    landingUrl: 'https://site.test/vet',
    consent,
  }
  const attributionOf = async (submissionId: string) =>
    (await pg.sql<{ attribution: unknown }[]>`select attribution from enterprise_registrations where submission_id = ${submissionId}`)[0]
      ?.attribution

  it('stores it without unknown keys, and keeps no click id where ad_user_data was denied', async () => {
    const row = registrationInsert()
    const res = await post(passing, {
      ...row,
      attribution: { ...attribution, extra: 1, clickIds: { ...attribution.clickIds, ttclid: 'x' } },
    })
    expect(res.status).toBe(201)
    // With the request's User-Agent (Node's fetch sends its own), kept with a click for Meta.
    expect(await attributionOf(row.submission_id)).toEqual({ ...attribution, userAgent: expect.any(String) })
    const denied = registrationInsert()
    await post(passing, { ...denied, attribution: { ...attribution, consent: { ...consent, ad_user_data: 'denied' } } })
    expect(await attributionOf(denied.submission_id)).toMatchObject({ clickIds: {}, clickAt: null, consent: { ad_user_data: 'denied' } })
  })

  it.each([
    ['a click id with markup', { ...attribution, clickIds: { fbclid: '<svg onload=alert(1)>' } }],
    ['a landing URL with a query', { ...attribution, landingUrl: 'https://site.test/vet?email=a@b.c' }],
    ['an unknown consent source', { ...attribution, consent: { ...consent, source: 'guessed' } }],
  ])('refuses %s (400, nothing stored, nothing repeated)', async (_name, junk) => {
    const row = registrationInsert()
    const res = await post(passing, { ...row, attribution: junk })
    expect(res.status).toBe(400)
    expect(await res.text()).not.toMatch(/onload|email=/)
    expect(await stored(row.submission_id)).toBeUndefined()
  })
})
