import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import consentBoot from '@/lib/consent-boot?boot'
import { CONSENT_REGIONS, signalsFor, storedCategories, WAIT_FOR_UPDATE_MS } from '@/lib/consent-mode'

/** Runs the inline bootstrap (consent-boot.ts as the page inlines it) with the given cookies; returns what it pushed. */
function boot(fallback: 'granted' | 'denied', cookie = '') {
  const window: { dataLayer?: ArrayLike<unknown>[] } = {}
  runInNewContext(consentBoot(fallback), { window, document: { cookie } })
  return (window.dataLayer ?? []).map((args) => Array.from(args))
}

const all = (state: string) => ({ ad_storage: state, analytics_storage: state, ad_user_data: state, ad_personalization: state })
const choice = (categories: string[]) => `theme=dark; cc_cookie=${encodeURIComponent(JSON.stringify({ categories, revision: 0 }))}; other=1`

describe('the Consent Mode bootstrap', () => {
  it('denies all four signals in the EEA, the UK and Switzerland first, then sets the configured default elsewhere', () => {
    const [first, second, ...rest] = boot('granted')
    expect(first).toEqual(['consent', 'default', { ...all('denied'), region: [...CONSENT_REGIONS], wait_for_update: WAIT_FOR_UPDATE_MS }])
    expect(second).toEqual(['consent', 'default', all('granted')])
    expect(rest).toEqual([['set', 'ads_data_redaction', true]])
    expect(boot('denied')[1]).toEqual(['consent', 'default', all('denied')])
  })

  it('lists the 27 EU countries, Iceland, Liechtenstein, Norway, the UK and Switzerland one by one', () => {
    expect(new Set(CONSENT_REGIONS).size).toBe(32)
    expect(CONSENT_REGIONS).toEqual(expect.arrayContaining(['DE', 'FR', 'GR', 'IE', 'IS', 'LI', 'NO', 'GB', 'CH']))
    for (const code of CONSENT_REGIONS) expect(code).toMatch(/^[A-Z]{2}$/)
  })

  it('applies a stored choice at once, after the defaults', () => {
    expect(boot('granted', choice(['necessary'])).at(-1)).toEqual(['consent', 'update', all('denied')])
    expect(boot('granted', choice(['necessary', 'analytics'])).at(-1)).toEqual([
      'consent',
      'update',
      { ...all('denied'), analytics_storage: 'granted' },
    ])
    expect(boot('denied', choice(['necessary', 'analytics', 'advertising'])).at(-1)).toEqual(['consent', 'update', all('granted')])
  })

  it('ignores a damaged consent cookie', () => {
    expect(boot('granted', 'cc_cookie=%7Bnot-json')).toHaveLength(3)
  })
})

describe('signalsFor and storedCategories', () => {
  it('maps analytics to analytics_storage and advertising to every ad signal', () => {
    expect(signalsFor(['necessary'])).toEqual(all('denied'))
    expect(signalsFor(['advertising'])).toEqual({ ...all('granted'), analytics_storage: 'denied' })
    expect(signalsFor(['analytics', 'advertising'])).toEqual(all('granted'))
  })

  it('reads the categories of the consent cookie, or nothing when there is no choice', () => {
    expect(storedCategories(choice(['necessary', 'analytics']))).toEqual(['necessary', 'analytics'])
    expect(storedCategories('theme=dark')).toBeUndefined()
    expect(storedCategories('cc_cookie=broken')).toBeUndefined()
  })
})
