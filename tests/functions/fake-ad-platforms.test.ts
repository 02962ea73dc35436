import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GOOGLE_ACCOUNT, GOOGLE_ACTIONS, GOOGLE_CLIENT, startFakeGoogleDm, type FakeGoogleDm } from '../support/fake-google-dm.mjs'
import { META_PIXEL, META_TOKEN, startFakeMetaCapi, type FakeMetaCapi } from '../support/fake-meta-capi.mjs'
import { loopbackPassesThrough } from './support'

// The fakes themselves, by hand-written requests: each refuses what the real service refuses, so
// a client test that passes against them did not pass by leniency.
const HEX = 'a'.repeat(64)
let google: FakeGoogleDm
let meta: FakeMetaCapi

beforeAll(async () => {
  google = await startFakeGoogleDm()
  meta = await startFakeMetaCapi({ testEventCode: 'TEST123' })
})
afterAll(async () => {
  await google?.close()
  await meta?.close()
})
beforeEach(() => {
  loopbackPassesThrough()
  google.clear()
  meta.clear()
})

// The fakes' answers, as far as these tests read them (Google's `error.status`, Meta's `error.code`).
type Answer = {
  requestId?: string
  events_received?: number
  error: { status?: string; code?: number; error_subcode?: number; details: { reason?: string }[] }
}

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as Answer }
}

async function token(): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'refresh_token',
    client_id: GOOGLE_CLIENT.clientId,
    client_secret: GOOGLE_CLIENT.clientSecret,
    refresh_token: GOOGLE_CLIENT.refreshToken,
  })
  const res = await fetch(google.tokenUrl, { method: 'POST', body: form })
  return ((await res.json()) as { access_token: string }).access_token
}

const ingest = (event: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  destinations: [{ operatingAccount: { accountType: 'GOOGLE_ADS', accountId: GOOGLE_ACCOUNT }, productDestinationId: GOOGLE_ACTIONS.lead }],
  encoding: 'HEX',
  events: [{ transactionId: 'lead:1', eventTimestamp: new Date().toISOString(), adIdentifiers: { gclid: 'g1' }, ...event }],
  ...extra,
})

describe('fake Google Data Manager', () => {
  it('trades only the right refresh token, and takes only a live Bearer token', async () => {
    const bad = await fetch(google.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: GOOGLE_CLIENT.clientId,
        client_secret: GOOGLE_CLIENT.clientSecret,
        refresh_token: 'stolen',
      }),
    })
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, 'invalid_grant'])
    expect((await post(`${google.url}/v1/events:ingest`, ingest({}), { authorization: 'Bearer nope' })).status).toBe(401)
    const live = await token()
    expect((await post(`${google.url}/v1/events:ingest`, ingest({}), { authorization: `Bearer ${live}` })).status).toBe(200)
    google.advanceClock(3601_000)
    expect(
      (await post(`${google.url}/v1/events:ingest`, ingest({ transactionId: 'lead:2' }), { authorization: `Bearer ${live}` })).status,
    ).toBe(401)
  })

  it.each([
    ['an unknown field', { gclidd: 'x' }],
    ['two click ids', { adIdentifiers: { gclid: 'a', wbraid: 'b' } }],
    ['no click id', { adIdentifiers: {} }],
    ['no transactionId', { transactionId: undefined }],
    ['a plain e-mail', { userData: { userIdentifiers: [{ emailAddress: 'jane@example.com' }] } }],
    ['11 identifiers', { userData: { userIdentifiers: Array.from({ length: 11 }, () => ({ emailAddress: HEX })) } }],
    ['a bad consent value', { consent: { adUserData: 'YES' } }],
    ['a timestamp in seconds', { eventTimestamp: 1764370000 }],
  ])('refuses the whole request for %s', async (_, event) => {
    const answer = await post(`${google.url}/v1/events:ingest`, ingest(event), { authorization: `Bearer ${await token()}` })
    expect([answer.status, answer.json.error.status]).toEqual([400, 'INVALID_ARGUMENT'])
    expect(google.events.size).toBe(0)
  })

  it('refuses hashed user data without the request encoding, and an unknown conversion action', async () => {
    const auth = { authorization: `Bearer ${await token()}` }
    const noEncoding = { ...ingest({ userData: { userIdentifiers: [{ emailAddress: HEX }] } }), encoding: undefined }
    expect((await post(`${google.url}/v1/events:ingest`, noEncoding, auth)).status).toBe(400)
    const body = ingest({})
    body.destinations[0]!.productDestinationId = '999'
    expect((await post(`${google.url}/v1/events:ingest`, body, auth)).json.error.details[0]?.reason).toBe('INVALID_PRODUCT_DESTINATION')
  })

  it('keeps one conversion per action and transactionId; validateOnly keeps nothing; the status is SUCCESS', async () => {
    const auth = { authorization: `Bearer ${await token()}` }
    expect((await post(`${google.url}/v1/events:ingest`, ingest({}, { validateOnly: true }), auth)).status).toBe(200)
    expect(google.events.size).toBe(0)
    const first = await post(`${google.url}/v1/events:ingest`, ingest({}), auth)
    await post(`${google.url}/v1/events:ingest`, ingest({}), auth)
    expect([google.events.size, google.duplicates]).toEqual([1, [`${GOOGLE_ACTIONS.lead}|lead:1`]])
    const status = await fetch(`${google.url}/v1/requestStatus:retrieve?requestId=${first.json.requestId ?? ''}`, { headers: auth })
    expect(
      ((await status.json()) as { requestStatusPerDestination: { requestStatus: string }[] }).requestStatusPerDestination[0]?.requestStatus,
    ).toBe('SUCCESS')
  })

  it('answers a queued fault, then takes a request and drops the connection', async () => {
    const auth = { authorization: `Bearer ${await token()}` }
    google.failNext('ingest', '503')
    expect((await post(`${google.url}/v1/events:ingest`, ingest({}), auth)).status).toBe(503)
    google.failNext('ingest', 'drop')
    await expect(post(`${google.url}/v1/events:ingest`, ingest({}), auth)).rejects.toThrow()
    expect(google.events.size).toBe(1)
  })
})

const metaEvent = (overrides: Record<string, unknown> = {}) => ({
  event_name: 'Lead',
  event_time: Math.floor(Date.now() / 1000),
  event_id: 'lead:1',
  action_source: 'website',
  event_source_url: 'https://agency.example/',
  user_data: { em: [HEX], fbc: 'fb.1.1764370000000.AbC', client_user_agent: 'Mozilla/5.0' },
  ...overrides,
})
const metaUrl = () => `${meta.url}/v23.0/${META_PIXEL}/events`

describe('fake Meta Conversions API', () => {
  it('takes the pixel token only, for its own pixel', async () => {
    expect((await post(metaUrl(), { data: [metaEvent()], access_token: 'EAAother' })).json.error.code).toBe(190)
    expect((await post(`${meta.url}/v23.0/111/events`, { data: [metaEvent()], access_token: META_TOKEN })).json.error.error_subcode).toBe(
      33,
    )
    expect((await post(metaUrl(), { data: [metaEvent()], access_token: META_TOKEN })).json.events_received).toBe(1)
  })

  it.each([
    ['an event older than 7 days', { event_time: Math.floor(Date.now() / 1000) - 8 * 86400 }, 2804003],
    ['a time in milliseconds', { event_time: Date.now() }, 2804004],
    ['no event_id', { event_id: undefined }, 2804019],
    ['a plain e-mail', { user_data: { em: ['jane@example.com'], client_user_agent: 'UA' } }, 2804010],
    ['a website event without its user agent', { user_data: { em: [HEX] } }, 2804019],
    ['an fbc without its click time', { user_data: { fbc: 'fb.1.AbC', client_user_agent: 'UA' } }, 2804019],
    ['an unknown field', { value: 15 }, 2804019],
  ])('refuses %s (400, its subcode)', async (_, overrides, subcode) => {
    const answer = await post(metaUrl(), { data: [metaEvent(overrides)], access_token: META_TOKEN })
    expect([answer.status, answer.json.error.error_subcode]).toEqual([400, subcode])
    expect(meta.events).toHaveLength(0)
  })

  it("de-duplicates an event_id for 48 hours; a test code's events are kept apart; a stranger's test code is refused", async () => {
    await post(metaUrl(), { data: [metaEvent()], access_token: META_TOKEN })
    await post(metaUrl(), { data: [metaEvent()], access_token: META_TOKEN })
    expect([meta.events.length, meta.duplicates]).toEqual([1, ['Lead|lead:1']])
    meta.advanceClock(49 * 3600_000)
    await post(metaUrl(), { data: [metaEvent({ event_time: Math.floor(Date.now() / 1000) + 49 * 3600 })], access_token: META_TOKEN })
    expect(meta.events).toHaveLength(2)
    await post(metaUrl(), { data: [metaEvent({ event_id: 'lead:t' })], access_token: META_TOKEN, test_event_code: 'TEST123' })
    expect([meta.events.length, meta.testEvents.length]).toEqual([2, 1])
    expect((await post(metaUrl(), { data: [metaEvent()], access_token: META_TOKEN, test_event_code: 'TEST999' })).status).toBe(400)
  })

  it('answers 429 with Retry-After on command, then drops a connection after taking the event', async () => {
    meta.failNext('429', 1, { retryAfter: 7 })
    const res = await fetch(metaUrl(), { method: 'POST', body: JSON.stringify({ data: [metaEvent()], access_token: META_TOKEN }) })
    expect([res.status, res.headers.get('retry-after')]).toEqual([429, '7'])
    meta.failNext('drop')
    await expect(post(metaUrl(), { data: [metaEvent()], access_token: META_TOKEN })).rejects.toThrow()
    expect(meta.events).toHaveLength(1)
  })
})
