import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { metaSettings } from '../../supabase/functions/_shared/conversions/config.ts'
import { DAY_MS } from '../../supabase/functions/_shared/conversions/conversion.ts'
import { sha256Hex } from '../../supabase/functions/_shared/conversions/hashing.ts'
import { metaConversions } from '../../supabase/functions/_shared/conversions/meta-client.ts'
import { META_PIXEL, META_TOKEN, startFakeMetaCapi, type FakeMetaCapi } from '../support/fake-meta-capi.mjs'
import { conversionInput } from '../support/conversion-input'
import { loopbackPassesThrough } from './support'

let fake: FakeMetaCapi
beforeAll(async () => {
  fake = await startFakeMetaCapi({ testEventCode: 'TEST4242' })
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
      META_CAPI_API_URL: fake.url,
      META_CAPI_PIXEL_ID: META_PIXEL,
      META_CAPI_ACCESS_TOKEN: META_TOKEN,
      META_CAPI_TIMEOUT_MS: '2000',
      ...overrides,
    })[name] || undefined
const client = (overrides?: Record<string, string>) => metaConversions(metaSettings(env(overrides)), fetch)

describe('Meta Conversions API client against the strict fake', () => {
  it("sends the event with hashed em/ph and fbc, the token in the body (not the URL), and answers Meta's trace id", async () => {
    const outcome = await client().send(conversionInput({ kind: 'purchase', dedupKey: 'paid:in_1', valueUsd: 1499 }))
    expect(outcome).toMatchObject({ kind: 'sent', requestId: expect.stringMatching(/^Afake/) })
    expect(fake.events).toEqual([
      expect.objectContaining({ event_name: 'Purchase', event_id: 'paid:in_1', custom_data: { value: 1499, currency: 'USD' } }),
    ])
    expect(fake.events[0]!.user_data).toMatchObject({
      em: [await sha256Hex('jane.doe+ads@gmail.com')],
      ph: [await sha256Hex('61412345678')],
    })
    expect(fake.requests[0]!.path).toBe(`/v23.0/${META_PIXEL}/events`)
  })

  it('with META_CAPI_TEST_EVENT_CODE every event goes to Test Events only', async () => {
    expect(await client({ META_CAPI_TEST_EVENT_CODE: 'TEST4242' }).send(conversionInput())).toMatchObject({ kind: 'sent' })
    expect([fake.events.length, fake.testEvents.length]).toEqual([0, 1])
  })

  it('a dropped answer is a retry; the resend carries the same event_id and Meta keeps one event', async () => {
    const meta = client()
    fake.failNext('drop')
    expect(await meta.send(conversionInput())).toMatchObject({ kind: 'retry', reason: expect.stringMatching(/^network/) })
    expect(await meta.send(conversionInput())).toMatchObject({ kind: 'sent' })
    expect(fake.events).toHaveLength(1)
    expect(fake.duplicates).toEqual(['Lead|lead:2f8e0b9c-1d6a-4f3e-9b7a-5c4d3e2f1a0b'])
  })

  it('a timeout is a retry, and the resend is de-duplicated by event_id', async () => {
    const meta = client({ META_CAPI_TIMEOUT_MS: '300' })
    fake.failNext('hang')
    expect(await meta.send(conversionInput())).toMatchObject({ kind: 'retry', reason: expect.stringMatching(/^timeout/) })
    expect(await meta.send(conversionInput())).toMatchObject({ kind: 'sent' })
    expect([fake.events.length, fake.duplicates.length]).toEqual([1, 1])
  })

  it('429 (Retry-After) and 503 are retries; a refused parameter is skipped with Meta’s words', async () => {
    const meta = client()
    fake.failNext('429', 1, { retryAfter: 12 })
    expect(await meta.send(conversionInput())).toEqual({ kind: 'retry', reason: 'HTTP 429', afterMs: 12_000 })
    fake.failNext('503')
    expect(await meta.send(conversionInput())).toEqual({ kind: 'retry', reason: 'HTTP 503' })
    fake.failNext('400')
    expect(await meta.send(conversionInput())).toMatchObject({
      kind: 'skipped',
      reason: 'platform-refused',
      detail: expect.stringContaining('2804019'),
    })
  })

  it('an event Meta finds over 7 days old (its clock) is skipped for good, with its reason', async () => {
    fake.advanceClock(8 * DAY_MS)
    expect(await client().send(conversionInput())).toMatchObject({
      kind: 'skipped',
      reason: 'platform-refused',
      detail: expect.stringContaining('Event Timestamp Too Old'),
    })
  })

  it('a bad or expired token and a wrong pixel are configuration, not the event', async () => {
    fake.failNext('401')
    expect(await client().send(conversionInput())).toMatchObject({ kind: 'config', reason: expect.stringContaining('code 190') })
    expect(await client({ META_CAPI_PIXEL_ID: '111' }).send(conversionInput())).toMatchObject({
      kind: 'config',
      reason: expect.stringContaining('100/33'),
    })
    fake.revokeToken()
    expect(await client().send(conversionInput())).toMatchObject({ kind: 'config' })
    expect(fake.events).toHaveLength(0)
  })

  it('refuses locally: over 7 days, denied ad_user_data; and sends nothing', async () => {
    const now = new Date()
    const old = conversionInput({ at: new Date(now.getTime() - 8 * DAY_MS) })
    expect(await client().send(old)).toEqual({ kind: 'skipped', reason: 'event-too-old' })
    const denied = conversionInput({}, { consent: { asked: true, source: 'banner', ad_user_data: 'denied', ad_personalization: 'denied' } })
    expect(await client().send(denied)).toEqual({ kind: 'skipped', reason: 'consent-denied' })
    expect(fake.requests).toHaveLength(0)
  })

  it('not configured (none set): sends nothing; a pixel without its token (blank) is a configuration failure', async () => {
    const spy = vi.fn(fetch)
    expect(
      await metaConversions(
        metaSettings(() => undefined),
        spy,
      ).send(conversionInput()),
    ).toEqual({
      kind: 'not-configured',
      missing: ['META_CAPI_PIXEL_ID', 'META_CAPI_ACCESS_TOKEN'],
    })
    const half = metaConversions(metaSettings(env({ META_CAPI_ACCESS_TOKEN: '  ' })), spy)
    expect(await half.send(conversionInput())).toEqual({ kind: 'config', reason: 'missing settings: META_CAPI_ACCESS_TOKEN' })
    expect(spy).not.toHaveBeenCalled()
  })
})
