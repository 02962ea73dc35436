import { describe, expect, it } from 'vitest'
import { DAY_MS } from '../../supabase/functions/_shared/conversions/conversion.ts'
import { buildGoogleRequest } from '../../supabase/functions/_shared/conversions/google-event.ts'
import { buildMetaEvent } from '../../supabase/functions/_shared/conversions/meta-event.ts'
import { sha256Hex } from '../../supabase/functions/_shared/conversions/hashing.ts'
import { conversionInput } from '../support/conversion-input'

const destination = {
  operatingAccountId: '1234567890',
  loginAccountId: '9876543210',
  conversionActions: { lead: '7001', call: '7002', purchase: '7003' },
}
const denied = {
  asked: true,
  source: 'banner' as const,
  ad_storage: 'denied' as const,
  ad_user_data: 'denied' as const,
  ad_personalization: 'denied' as const,
}

describe("Google's events:ingest request", () => {
  it('one event to the conversion action of its kind, keyed by the dedup key, the click, hashed user data and the consent', async () => {
    const input = conversionInput({ kind: 'purchase', dedupKey: 'paid:in_123', valueUsd: 1499 })
    const built = await buildGoogleRequest(input, destination)
    expect(built).toEqual({
      kind: 'event',
      event: {
        destinations: [
          {
            operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '1234567890' },
            loginAccount: { accountType: 'GOOGLE_ADS', accountId: '9876543210' },
            productDestinationId: '7003',
          },
        ],
        encoding: 'HEX',
        events: [
          {
            transactionId: 'paid:in_123',
            eventTimestamp: input.at.toISOString(),
            eventSource: 'WEB',
            adIdentifiers: { gclid: 'Cj0KCQiA-gclid_Value' },
            userData: {
              userIdentifiers: [{ emailAddress: await sha256Hex('janedoe@gmail.com') }, { phoneNumber: await sha256Hex('+61412345678') }],
            },
            consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_GRANTED' },
            conversionValue: 1499,
            currency: 'USD',
          },
        ],
      },
    })
  })

  it('exactly one click id: gclid first, else gbraid, else wbraid', async () => {
    const only = async (clickIds: Record<string, string>) => {
      const built = await buildGoogleRequest(conversionInput({}, { clickIds }), destination)
      return built.kind === 'event' ? built.event.events[0].adIdentifiers : built.reason
    }
    expect(await only({ gbraid: 'gb', wbraid: 'wb' })).toEqual({ gbraid: 'gb' })
    expect(await only({ wbraid: 'wb' })).toEqual({ wbraid: 'wb' })
    expect(await only({ fbclid: 'fb', msclkid: 'ms' })).toBe('no-click-id')
  })

  it('refuses here what Google would refuse: a click older than 90 days, an event before its click', async () => {
    const at = new Date()
    expect(await buildGoogleRequest(conversionInput({ at }, { clickAt: at.getTime() - 91 * DAY_MS }), destination)).toEqual({
      kind: 'skip',
      reason: 'click-too-old',
    })
    expect(await buildGoogleRequest(conversionInput({ at }, { clickAt: at.getTime() + 1000 }), destination)).toEqual({
      kind: 'skip',
      reason: 'event-before-click',
    })
  })

  it('ad_user_data denied or unanswered: nothing goes, not even the click', async () => {
    expect(await buildGoogleRequest(conversionInput({}, { consent: denied }), destination)).toEqual({ kind: 'skip', reason: 'consent-denied' })
    const unanswered = { asked: true, source: 'banner' as const, ad_personalization: 'granted' as const }
    expect(await buildGoogleRequest(conversionInput({}, { consent: unanswered }), destination)).toEqual({
      kind: 'skip',
      reason: 'consent-denied',
    })
  })

  it('ad_personalization denied alone: the event and its hashes go, with the denial', async () => {
    const consent = { asked: true, source: 'banner' as const, ad_user_data: 'granted' as const, ad_personalization: 'denied' as const }
    const built = await buildGoogleRequest(conversionInput({}, { consent }), destination)
    if (built.kind !== 'event') throw new Error(built.reason)
    expect(built.event.events[0].userData?.userIdentifiers.length).toBeGreaterThan(0)
    expect(built.event.events[0].consent).toEqual({ adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_DENIED' })
  })

  it('validateOnly is carried when asked for', async () => {
    const built = await buildGoogleRequest(conversionInput(), destination, { validateOnly: true })
    expect(built.kind === 'event' && built.event.validateOnly).toBe(true)
  })
})

describe("Meta's data[] event", () => {
  it('Schedule for a call, seconds, the dedup key as event_id, hashed em/ph, fbc with the click time, no value', async () => {
    const input = conversionInput({ kind: 'call', dedupKey: 'call:bk_9' })
    const built = await buildMetaEvent(input, new Date())
    expect(built).toEqual({
      kind: 'event',
      event: {
        event_name: 'Schedule',
        event_time: Math.floor(input.at.getTime() / 1000),
        event_id: 'call:bk_9',
        action_source: 'website',
        event_source_url: input.sourceUrl,
        user_data: {
          em: [await sha256Hex('jane.doe+ads@gmail.com')],
          ph: [await sha256Hex('61412345678')],
          fbc: `fb.1.${input.attribution.clickAt}.IwAR2F4-dbP0l7Mn1Iaw`,
          client_user_agent: input.userAgent,
        },
      },
    })
  })

  it('Purchase carries value and currency; Lead is a lead', async () => {
    const purchase = await buildMetaEvent(conversionInput({ kind: 'purchase', valueUsd: 15 }), new Date())
    expect(purchase.kind === 'event' && [purchase.event.event_name, purchase.event.custom_data]).toEqual([
      'Purchase',
      { value: 15, currency: 'USD' },
    ])
    const lead = await buildMetaEvent(conversionInput(), new Date())
    expect(lead.kind === 'event' && lead.event.event_name).toBe('Lead')
  })

  it('refuses an event older than 7 days, a visitor without fbclid, a denied or unanswered ad_user_data', async () => {
    const now = new Date()
    const old = new Date(now.getTime() - 8 * DAY_MS)
    expect(await buildMetaEvent(conversionInput({ at: old }), now)).toEqual({ kind: 'skip', reason: 'event-too-old' })
    expect(await buildMetaEvent(conversionInput({}, { clickIds: { gclid: 'g' } }), now)).toEqual({ kind: 'skip', reason: 'no-click-id' })
    expect(await buildMetaEvent(conversionInput({}, { consent: denied }), now)).toEqual({ kind: 'skip', reason: 'consent-denied' })
    expect(await buildMetaEvent(conversionInput({}, { consent: { asked: false, source: 'not-asked' } }), now)).toEqual({
      kind: 'skip',
      reason: 'consent-denied',
    })
  })

  it('a website event without a page or a browser is not sent; the landing URL stands in for the page', async () => {
    const now = new Date()
    expect(await buildMetaEvent(conversionInput({ userAgent: undefined }), now)).toEqual({ kind: 'skip', reason: 'no-website-context' })
    const built = await buildMetaEvent(conversionInput({ sourceUrl: undefined }), now)
    expect(built.kind === 'event' && built.event.event_source_url).toBe('https://agency.example/reviews?platform=google&keyword=reviews')
  })
})
