// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import visitTrackingBoot from '@/lib/visit-tracking-boot?boot'
import { visitTracking, VISIT_TRACKING_KEY } from '@/lib/visit-tracking'

// The inline boot as the page runs it (the bundled script): against the document's forms, the URL and sessionStorage.
const runBoot = () => new Function(visitTrackingBoot())()
const hiddenValues = () =>
  [...document.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => `${input.name}=${input.value}`)
const clearHiddenFields = () => document.querySelectorAll<HTMLInputElement>('input[type="hidden"]').forEach((input) => (input.value = ''))
const land = (url: string) => window.history.replaceState(null, '', url)

beforeEach(() => {
  document.body.innerHTML = `
    <form><input type="hidden" name="platform" value=""><input type="hidden" name="keyword" value=""><input name="name"></form>
    <form><input type="hidden" name="platform" value=""><input type="hidden" name="keyword" value=""></form>`
  sessionStorage.clear()
})
afterEach(() => land('/'))

describe('the visit-tracking boot', () => {
  it('keeps an ad click for the visit and fills every form’s hidden fields on the landing page', () => {
    land('/vet?platform=google&keyword=vet')
    runBoot()
    expect(JSON.parse(sessionStorage.getItem(VISIT_TRACKING_KEY)!)).toEqual({ platform: 'google', keyword: 'vet' })
    expect(hiddenValues()).toEqual(['platform=google', 'keyword=vet', 'platform=google', 'keyword=vet'])
    expect((document.querySelector('input[name="name"]') as HTMLInputElement).value).toBe('')
  })

  it('fills the fields of a later page from the visit, and writes nothing without an ad click', () => {
    land('/vet?platform=google&keyword=vet')
    runBoot()
    land('/qrb')
    clearHiddenFields()
    runBoot()
    expect(hiddenValues()).toEqual(['platform=google', 'keyword=vet', 'platform=google', 'keyword=vet'])
    expect(JSON.parse(sessionStorage.getItem(VISIT_TRACKING_KEY)!)).toEqual({ platform: 'google', keyword: 'vet' })
  })

  it('lets a new non-empty ad click replace the kept values; empty parameters replace nothing', () => {
    land('/vet?platform=google&keyword=vet')
    runBoot()
    land('/?platform=&keyword=')
    runBoot()
    expect(JSON.parse(sessionStorage.getItem(VISIT_TRACKING_KEY)!)).toEqual({ platform: 'google', keyword: 'vet' })
    land('/?platform=bing')
    runBoot()
    expect(JSON.parse(sessionStorage.getItem(VISIT_TRACKING_KEY)!)).toEqual({ platform: 'bing', keyword: '' })
    expect(hiddenValues()).toEqual(['platform=bing', 'keyword=', 'platform=bing', 'keyword='])
  })

  it('follows the same rules as the forms’ reader (trim, length limit)', () => {
    for (const query of ['?platform=%20google%20&keyword=vet', `?platform=x&keyword=${'k'.repeat(101)}`, '?keyword=123', '']) {
      sessionStorage.clear()
      clearHiddenFields()
      land(`/${query}`)
      runBoot()
      const { platform, keyword } = visitTracking(query, sessionStorage)
      expect(hiddenValues().slice(0, 2), query).toEqual([`platform=${platform}`, `keyword=${keyword}`])
    }
  })

  it('leaves the fields empty without an ad click or a kept value', () => {
    land('/terms')
    runBoot()
    expect(hiddenValues()).toEqual(['platform=', 'keyword=', 'platform=', 'keyword='])
    expect(sessionStorage.getItem(VISIT_TRACKING_KEY)).toBeNull()
  })
})
