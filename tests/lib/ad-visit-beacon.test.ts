// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import visitTrackingBoot from '@/lib/visit-tracking-boot?boot'
import { adVisitsUrl } from '@/lib/ad-visits-url'

// Issue 44 point 6: the inline boot counts a visit that came with an ad click once, and only when
// advertising consent lets the click be kept. The body names the kinds of click id, never an id.
const URL = 'https://project.supabase.co/functions/v1/ad-visits'
const runBoot = (fallback: 'granted' | 'denied', banner: 'auto' | 'always' = 'auto', url = URL) =>
  new Function(visitTrackingBoot(fallback, banner, url))()
const land = (url: string) => window.history.replaceState(null, '', url)
const choose = (categories: string[]) => (document.cookie = `cc_cookie=${encodeURIComponent(JSON.stringify({ categories }))}; path=/`)
let beacons: { url: string; body: string }[]

beforeEach(() => {
  sessionStorage.clear()
  document.cookie = 'cc_cookie=; max-age=0; path=/'
  beacons = []
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: URLSearchParams) => (beacons.push({ url, body: String(body) }), true),
  })
})
afterEach(() => {
  land('/')
})

describe('the landing beacon', () => {
  it('with consent: one POST beacon per visit, naming the platform, keyword and kinds, never the ids', () => {
    land('/vet?gclid=Cj0K_secret&fbclid=IwAR_secret&platform=google&keyword=vet%20reviews')
    runBoot('granted')
    land('/pricing?gclid=Cj0K_other&platform=google&keyword=vet') // a second page of the visit, a second click
    runBoot('granted')
    expect(beacons).toEqual([{ url: URL, body: 'platform=google&keyword=vet+reviews&kinds=gclid%2Cfbclid' }])
    expect(beacons[0]!.body).not.toContain('secret')
  })

  it('without consent: nothing (default denied, asked and not answered, advertising refused)', () => {
    land('/vet?gclid=abc&platform=google&keyword=vet')
    runBoot('denied')
    runBoot('granted', 'always')
    choose(['necessary', 'analytics'])
    runBoot('granted')
    expect(beacons).toEqual([])
  })

  it('after a choice with advertising, as the boot of the page the choice was made on', () => {
    land('/vet?gclid=abc&platform=google&keyword=vet')
    choose(['necessary', 'advertising'])
    runBoot('denied', 'always')
    expect(beacons).toHaveLength(1)
  })

  it('nothing without a click id, nor without a function to send to', () => {
    land('/vet?platform=google&keyword=vet')
    runBoot('granted')
    land('/vet?gclid=abc')
    runBoot('granted', 'auto', '')
    expect(beacons).toEqual([])
  })
})

describe('where the beacon goes', () => {
  it('the function on the project, its same-origin stand-in in mock mode, nowhere without a project', () => {
    expect(adVisitsUrl({ VITE_SUPABASE_URL: 'https://abc.supabase.co/' })).toBe('https://abc.supabase.co/functions/v1/ad-visits')
    expect(adVisitsUrl({ VITE_MOCK_SERVICES: 'true', VITE_SUPABASE_URL: 'https://abc.supabase.co' })).toBe('/functions/v1/ad-visits')
    expect(adVisitsUrl({})).toBe('')
  })
})
