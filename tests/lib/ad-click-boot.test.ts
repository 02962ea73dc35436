// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import visitTrackingBoot from '@/lib/visit-tracking-boot?boot'
import { VISIT_CLICK_KEY } from '@/lib/ad-click'

// The inline boot as the page runs it: the click id is kept only with advertising consent, and a
// native post's `attribution` field is written as the form is sent. jsdom's time zone is the host's (UTC).
const runBoot = (fallback: 'granted' | 'denied', banner: 'auto' | 'always' = 'auto') => new Function(visitTrackingBoot(fallback, banner))()
const land = (url: string) => window.history.replaceState(null, '', url)
const kept = () => JSON.parse(sessionStorage.getItem(VISIT_CLICK_KEY) ?? 'null') as Record<string, unknown> | null
const choose = (categories: string[]) => (document.cookie = `cc_cookie=${encodeURIComponent(JSON.stringify({ categories }))}; path=/`)
const sent = () => {
  const form = document.querySelector('form')!
  form.addEventListener('submit', (event) => event.preventDefault(), { once: true })
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
  return JSON.parse(new FormData(form).get('attribution') as string) as Record<string, unknown>
}

beforeEach(() => {
  document.body.innerHTML = `<form method="post"><input type="hidden" name="platform" value=""><input type="hidden" name="keyword" value="">
    <input type="hidden" name="attribution" value=""><input name="email" value="ann@example.com"></form>`
  sessionStorage.clear()
  document.cookie = 'cc_cookie=; max-age=0; path=/'
})
afterEach(() => land('/'))

describe('the boot keeps an ad click', () => {
  it('where nobody is asked and the default grants: the ids, the click time and the page without its query', () => {
    land('/vet?gclid=Cj0K_abc&platform=google&keyword=x&email=ann%40example.com')
    runBoot('granted')
    expect(kept()).toEqual({
      clickIds: { gclid: 'Cj0K_abc' },
      clickAt: Math.round(performance.timeOrigin),
      landingUrl: 'http://localhost:3000/vet',
    })
  })

  it('not where the default denies, nor where everyone is asked and has not answered', () => {
    land('/vet?gclid=abc')
    runBoot('denied')
    expect(kept()).toBeNull()
    runBoot('granted', 'always')
    expect(kept()).toBeNull()
  })

  it('after a choice with advertising; a choice without it forgets a kept click', () => {
    land('/vet?fbclid=IwAR3x')
    choose(['necessary', 'advertising'])
    runBoot('denied', 'always')
    expect(kept()).toMatchObject({ clickIds: { fbclid: 'IwAR3x' } })
    choose(['necessary', 'analytics'])
    runBoot('granted')
    expect(kept()).toBeNull()
  })

  it('never keeps an id of unsafe characters', () => {
    land('/vet?gclid=%3Cimg%20src%3Dx%3E')
    runBoot('granted')
    expect(kept()).toBeNull()
  })
})

describe('a native post carries the attribution of the moment it is sent', () => {
  it('with the click and the consent then', () => {
    land('/vet?gclid=abc&platform=google&keyword=x')
    runBoot('granted')
    expect(sent()).toEqual({
      platform: 'google',
      keyword: 'x',
      clickIds: { gclid: 'abc' },
      clickAt: Math.round(performance.timeOrigin),
      landingUrl: 'http://localhost:3000/vet',
      consent: {
        asked: false,
        source: 'not-asked',
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
      },
    })
  })

  it('without a click id when ad_user_data is denied, with the consent that says so', () => {
    land('/vet?gclid=abc&platform=google&keyword=x')
    runBoot('granted', 'always')
    expect(sent()).toMatchObject({
      platform: 'google',
      clickIds: {},
      clickAt: null,
      consent: { asked: true, source: 'region-default', ad_user_data: 'denied' },
    })
  })
})
