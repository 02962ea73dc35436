import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { clickFromUrl, consentNow, keepClick, visitAttribution, VISIT_CLICK_KEY, type AdConsentState } from '@/lib/ad-click'
import { AttributionSchema } from '@/schemas/attribution'

const CLICK_AT = 1_790_000_000_000
const stored = (categories: string[]) => `cc_cookie=${encodeURIComponent(JSON.stringify({ categories }))}`
const memory = () => {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  } as unknown as Storage & { items: Map<string, string> }
}
const granted: AdConsentState = {
  asked: false,
  source: 'not-asked',
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
  analytics_storage: 'granted',
}
const denied: AdConsentState = {
  asked: true,
  source: 'region-default',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
}
const tracking = { platform: 'google', keyword: 'x' }

describe('reading the click from the landing URL', () => {
  it('reads every click id of safe characters, the click time and the landing page without its query', () => {
    const href = 'https://site.test/vet?gclid=Cj0K_abc-1.2&gbraid=g1&wbraid=w1&fbclid=IwAR3x&msclkid=5a2f&email=a%40b.c&name=Ann#top'
    expect(clickFromUrl(href, CLICK_AT + 0.4)).toEqual({
      clickIds: { gclid: 'Cj0K_abc-1.2', gbraid: 'g1', wbraid: 'w1', fbclid: 'IwAR3x', msclkid: '5a2f' },
      clickAt: CLICK_AT,
      landingUrl: 'https://site.test/vet',
    })
  })

  it('reads no id of unsafe characters or over 300 characters, and nothing without a click id', () => {
    expect(clickFromUrl('https://site.test/vet?gclid=%3Cscript%3E&fbclid=a%22b', CLICK_AT)).toBeUndefined()
    expect(clickFromUrl(`https://site.test/vet?gclid=${'a'.repeat(301)}`, CLICK_AT)).toBeUndefined()
    expect(clickFromUrl('https://site.test/vet?platform=google&keyword=vet', CLICK_AT)).toBeUndefined()
  })
})

describe('consent as it stands when a record is sent', () => {
  const config = { fallback: 'granted', banner: 'auto' } as const
  it.each([
    ['Europe/Berlin, not answered', config, '', 'Europe/Berlin', { asked: true, source: 'region-default', ad_user_data: 'denied' }],
    ['Europe/London, not answered', config, '', 'Europe/London', { asked: true, source: 'region-default', ad_user_data: 'denied' }],
    ['Australia/Sydney, not asked', config, '', 'Australia/Sydney', { asked: false, source: 'not-asked', ad_user_data: 'granted' }],
    [
      'America/New_York, default denied',
      { ...config, fallback: 'denied' },
      '',
      'America/New_York',
      { asked: false, source: 'not-asked', ad_user_data: 'denied' },
    ],
    [
      'everyone asked (always), not answered',
      { ...config, banner: 'always' },
      '',
      'Australia/Sydney',
      { asked: true, source: 'region-default', ad_user_data: 'denied' },
    ],
    [
      'Berlin, accepted all',
      config,
      stored(['necessary', 'analytics', 'advertising']),
      'Europe/Berlin',
      { asked: true, source: 'banner', ad_user_data: 'granted', analytics_storage: 'granted' },
    ],
    [
      'Sydney, refused advertising',
      config,
      stored(['necessary', 'analytics']),
      'Australia/Sydney',
      { asked: true, source: 'banner', ad_user_data: 'denied', analytics_storage: 'granted' },
    ],
  ] as const)('%s', (_name, settings, cookie, zone, expected) => {
    expect(consentNow(settings, cookie, () => zone)).toMatchObject(expected)
  })

  it('reads the time zone only when no choice is stored', () => {
    let read = 0
    consentNow({ fallback: 'granted', banner: 'auto' }, stored(['advertising']), () => `Europe/Paris${read++}`)
    expect(read).toBe(0)
  })
})

describe('keeping the click for the visit', () => {
  const click = clickFromUrl('https://site.test/vet?gclid=abc', CLICK_AT)
  it('keeps it only while ad_user_data is granted, and forgets a kept one when consent is refused', () => {
    const storage = memory()
    keepClick(click, denied, storage)
    expect(storage.items.has(VISIT_CLICK_KEY)).toBe(false)
    keepClick(click, granted, storage)
    expect(JSON.parse(storage.items.get(VISIT_CLICK_KEY)!)).toEqual(click)
    keepClick(undefined, denied, storage)
    expect(storage.items.has(VISIT_CLICK_KEY)).toBe(false)
  })

  it('gives a record the page’s own click, else the kept one, and none without ad consent', () => {
    const storage = memory()
    keepClick(click, granted, storage)
    const later = visitAttribution(tracking, granted, { href: 'https://site.test/pricing', clickAt: CLICK_AT + 60_000 }, storage)
    expect(later).toMatchObject({ clickIds: { gclid: 'abc' }, clickAt: CLICK_AT, landingUrl: 'https://site.test/vet' })
    const newer = visitAttribution(tracking, granted, { href: 'https://site.test/?fbclid=IwAR', clickAt: CLICK_AT + 9 }, storage)
    expect(newer.clickIds).toEqual({ fbclid: 'IwAR' })
    const refused = visitAttribution(tracking, denied, { href: 'https://site.test/vet?gclid=abc', clickAt: CLICK_AT }, storage)
    expect(refused).toEqual({ ...tracking, clickIds: {}, clickAt: null, landingUrl: null, consent: denied })
  })
})

describe('the attribution schema (both sides)', () => {
  const valid = { ...tracking, clickIds: { gclid: 'abc' }, clickAt: CLICK_AT, landingUrl: 'https://site.test/vet', consent: granted }
  it('takes what the page sends and drops unknown keys at every level', () => {
    const parsed = v.parse(AttributionSchema, {
      ...valid,
      extra: 1,
      clickIds: { gclid: 'abc', other: 'x' },
      consent: { ...granted, more: true },
    })
    expect(parsed).toEqual(valid)
  })

  it('takes a record without a click (nulls and an empty set of ids)', () => {
    const plain = { ...tracking, clickIds: {}, clickAt: null, landingUrl: null, consent: granted }
    expect(v.parse(AttributionSchema, plain)).toEqual(plain)
  })

  it('keeps no click id where ad_user_data was denied, whatever was sent', () => {
    expect(v.parse(AttributionSchema, { ...valid, consent: { ...granted, ad_user_data: 'denied' } })).toMatchObject({
      clickIds: {},
      clickAt: null,
    })
  })

  it.each([
    ['a click id with markup', { ...valid, clickIds: { gclid: '<b>x</b>' } }],
    ['a click id over 300 characters', { ...valid, clickIds: { fbclid: 'a'.repeat(301) } }],
    ['a landing URL with a query', { ...valid, landingUrl: 'https://site.test/vet?email=a@b.c' }],
    ['a landing URL of another scheme', { ...valid, landingUrl: 'javascript:alert(1)' }],
    ['an unknown consent source', { ...valid, consent: { ...granted, source: 'guess' } }],
    ['a consent signal that is not a state', { ...valid, consent: { ...granted, ad_storage: 'yes' } }],
    ['no consent', { ...tracking, clickIds: {} }],
    ['a keyword over 100 characters', { ...valid, keyword: 'k'.repeat(101) }],
    ['a click time that is not a time', { ...valid, clickAt: 12 }],
  ])('refuses %s', (_name, junk) => {
    expect(v.safeParse(AttributionSchema, junk).success).toBe(false)
  })
})
