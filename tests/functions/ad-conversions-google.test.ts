import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { googleSettings } from '../../supabase/functions/_shared/conversions/config.ts'
import { googleDataManager } from '../../supabase/functions/_shared/conversions/google-client.ts'
import { sha256Hex } from '../../supabase/functions/_shared/conversions/hashing.ts'
import { GOOGLE_ACCOUNT, GOOGLE_ACTIONS, GOOGLE_CLIENT, startFakeGoogleDm, type FakeGoogleDm } from '../support/fake-google-dm.mjs'
import { conversionInput } from '../support/conversion-input'
import { loopbackPassesThrough } from './support'

let fake: FakeGoogleDm
beforeAll(async () => {
  fake = await startFakeGoogleDm()
})
afterAll(() => fake?.close())
beforeEach(() => {
  loopbackPassesThrough()
  fake.clear()
})

const env =
  (overrides: Record<string, string> = {}) =>
  (name: string) =>
    ({
      GOOGLE_DM_TOKEN_URL: fake.tokenUrl,
      GOOGLE_DM_API_URL: fake.url,
      GOOGLE_DM_CLIENT_ID: GOOGLE_CLIENT.clientId,
      GOOGLE_DM_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
      GOOGLE_DM_REFRESH_TOKEN: GOOGLE_CLIENT.refreshToken,
      GOOGLE_DM_OPERATING_ACCOUNT_ID: `${GOOGLE_ACCOUNT.slice(0, 3)}-${GOOGLE_ACCOUNT.slice(3, 6)}-${GOOGLE_ACCOUNT.slice(6)}`,
      GOOGLE_DM_LEAD_ACTION_ID: GOOGLE_ACTIONS.lead,
      GOOGLE_DM_CALL_ACTION_ID: GOOGLE_ACTIONS.call,
      GOOGLE_DM_PURCHASE_ACTION_ID: GOOGLE_ACTIONS.purchase,
      GOOGLE_DM_TIMEOUT_MS: '2000',
      ...overrides,
    })[name] || undefined
const client = (overrides?: Record<string, string>) => googleDataManager(googleSettings(env(overrides)), fetch, () => new Date(Date.now()))

describe('Google Data Manager client against the strict fake', () => {
  it('sends one event per request, to the action of its kind, and the fake takes it as built', async () => {
    const google = client()
    const outcome = await google.send(conversionInput({ kind: 'purchase', dedupKey: 'paid:in_1', valueUsd: 1499 }))
    expect(outcome).toMatchObject({ kind: 'sent', requestId: expect.stringMatching(/^req-/) })
    const stored = fake.events.get(`${GOOGLE_ACTIONS.purchase}|paid:in_1`)
    expect(stored?.event).toMatchObject({
      conversionValue: 1499,
      currency: 'USD',
      userData: {
        userIdentifiers: [{ emailAddress: await sha256Hex('janedoe@gmail.com') }, { phoneNumber: await sha256Hex('+61412345678') }],
      },
    })
    if (outcome.kind !== 'sent') throw new Error(outcome.kind)
    expect(await google.status(outcome.requestId)).toMatchObject({ kind: 'status', requestStatus: 'SUCCESS' })
  })

  it('trades the refresh token once and keeps the access token until it expires', async () => {
    const now = vi.fn(() => new Date())
    const google = googleDataManager(googleSettings(env()), fetch, now)
    await google.send(conversionInput({ dedupKey: 'lead:a' }))
    await google.send(conversionInput({ dedupKey: 'lead:b' }))
    expect(fake.tokenExchanges).toBe(1)
    fake.advanceClock(3600_000)
    now.mockImplementation(() => new Date(Date.now() + 3600_000))
    expect(await google.send(conversionInput({ dedupKey: 'lead:c' }))).toMatchObject({ kind: 'sent' })
    expect(fake.tokenExchanges).toBe(2)
  })

  it('validateOnly: Google checks the event and keeps nothing', async () => {
    const outcome = await client({ GOOGLE_DM_VALIDATE_ONLY: 'true' }).send(conversionInput())
    expect(outcome).toMatchObject({ kind: 'sent', validateOnly: true })
    expect(fake.events.size).toBe(0)
  })

  it('a dropped answer is a retry; the resend carries the same transactionId and Google keeps one conversion', async () => {
    const google = client()
    fake.failNext('ingest', 'drop')
    expect(await google.send(conversionInput())).toMatchObject({ kind: 'retry', reason: expect.stringMatching(/^network/) })
    expect(await google.send(conversionInput())).toMatchObject({ kind: 'sent' })
    expect(fake.events.size).toBe(1)
    expect(fake.duplicates).toEqual([`${GOOGLE_ACTIONS.lead}|lead:2f8e0b9c-1d6a-4f3e-9b7a-5c4d3e2f1a0b`])
  })

  it('a timeout is a retry, and the resend is de-duplicated by transactionId', async () => {
    const google = client({ GOOGLE_DM_TIMEOUT_MS: '300' })
    fake.failNext('ingest', 'hang')
    expect(await google.send(conversionInput())).toMatchObject({ kind: 'retry', reason: expect.stringMatching(/^timeout/) })
    expect(await google.send(conversionInput())).toMatchObject({ kind: 'sent' })
    expect([fake.events.size, fake.duplicates.length]).toEqual([1, 1])
  })

  it('429 and 503 are retries, with Retry-After honoured; a 400 is the event refused, never retried', async () => {
    const google = client()
    fake.failNext('ingest', '429', 1, { retryAfter: 30 })
    expect(await google.send(conversionInput())).toEqual({ kind: 'retry', reason: 'HTTP 429', afterMs: 30_000 })
    fake.failNext('ingest', '503')
    expect(await google.send(conversionInput())).toEqual({ kind: 'retry', reason: 'HTTP 503' })
    fake.failNext('token', '503')
    expect(await client().send(conversionInput())).toMatchObject({ kind: 'retry' })
    fake.failNext('ingest', '400')
    expect(await google.send(conversionInput())).toMatchObject({
      kind: 'skipped',
      reason: 'platform-refused',
      detail: expect.stringContaining('INVALID_ARGUMENT'),
    })
  })

  it('one 401 refreshes the token and succeeds; a second is configuration, as are a revoked token and a wrong action', async () => {
    const google = client()
    fake.failNext('ingest', '401')
    expect(await google.send(conversionInput())).toMatchObject({ kind: 'sent' })
    fake.failNext('ingest', '401', 2)
    expect(await google.send(conversionInput({ dedupKey: 'lead:x' }))).toMatchObject({ kind: 'config' })
    expect(await client({ GOOGLE_DM_LEAD_ACTION_ID: '999' }).send(conversionInput())).toMatchObject({ kind: 'config' })
    expect(await client({ GOOGLE_DM_OPERATING_ACCOUNT_ID: '5555555555' }).send(conversionInput())).toMatchObject({ kind: 'config' })
    fake.revokeRefreshToken()
    expect(await client().send(conversionInput())).toMatchObject({ kind: 'config', reason: expect.stringContaining('invalid_grant') })
  })

  it('refuses locally what Google would refuse, and sends nothing', async () => {
    const outcome = await client().send(conversionInput({}, { clickIds: { fbclid: 'only-meta' } }))
    expect(outcome).toEqual({ kind: 'skipped', reason: 'no-click-id' })
    expect(fake.requests).toHaveLength(0)
  })

  it('not configured (none set): says so and sends nothing; half set: a configuration failure naming what is missing', async () => {
    const spy = vi.fn(fetch)
    const none = googleDataManager(
      googleSettings(() => undefined),
      spy,
    )
    expect(await none.send(conversionInput())).toMatchObject({
      kind: 'not-configured',
      missing: expect.arrayContaining(['GOOGLE_DM_CLIENT_ID']),
    })
    const half = googleDataManager(googleSettings(env({ GOOGLE_DM_REFRESH_TOKEN: '', GOOGLE_DM_CALL_ACTION_ID: ' ' })), spy)
    expect(await half.send(conversionInput())).toEqual({
      kind: 'config',
      reason: 'missing settings: GOOGLE_DM_REFRESH_TOKEN, GOOGLE_DM_CALL_ACTION_ID',
    })
    expect(await half.status('req-1')).toMatchObject({ kind: 'config' })
    expect(spy).not.toHaveBeenCalled()
  })
})
