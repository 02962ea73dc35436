import { describe, expect, it } from 'vitest'
import { readSiteSettings, settingDefaults } from '@/site-settings'
import { realSiteSettings as real } from '../support/real-site-settings'

describe('site settings (issue 38 points 7 and 10)', () => {
  it('without variables, uses the stand-ins and names every one as a placeholder', () => {
    const settings = readSiteSettings({})
    expect(settings.phone).toEqual({ display: '1300 555 019', href: 'tel:1300555019' })
    expect(settings.phoneInternational).toEqual({ display: '+61 2 5550 4019', href: 'tel:+61255504019' })
    expect(settings.email).toBe('hello@reviewlift.example')
    expect(settings.placeholders).toEqual(Object.keys(settingDefaults))
  })

  it('reads every variable, and then holds no placeholder', () => {
    const settings = readSiteSettings(real)
    expect(settings.phone).toEqual({ display: '1300 123 456', href: 'tel:1300123456' })
    expect(settings.phoneInternational).toEqual({ display: '+61 2 9123 4567', href: 'tel:+61291234567' })
    expect(settings.email).toBe('hello@agency.com.au')
    expect(settings.clientAppUrl).toBe('https://app.agency.com.au')
    expect(settings.social.map((link) => link.href)).toEqual([
      real.VITE_FACEBOOK_URL,
      real.VITE_TWITTER_URL,
      real.VITE_LINKEDIN_URL,
      real.VITE_INSTAGRAM_URL,
    ])
    expect(settings.placeholders).toEqual([])
  })

  it('derives the +61 form of a mobile or geographic number when none is given', () => {
    const settings = readSiteSettings({ ...real, VITE_SALES_PHONE: '(02) 9123 4567', VITE_SALES_PHONE_INTERNATIONAL: '' })
    expect(settings.phoneInternational).toEqual({ display: '+61 2 9123 4567', href: 'tel:+61291234567' })
    expect(settings.placeholders).toEqual([])
  })

  it('keeps the stand-in +61 number, a placeholder, for a 1300 number given without one', () => {
    const settings = readSiteSettings({ ...real, VITE_SALES_PHONE_INTERNATIONAL: ' ' })
    expect(settings.placeholders).toEqual(['VITE_SALES_PHONE_INTERNATIONAL'])
  })

  it('counts an address on a reserved example domain as a placeholder', () => {
    const settings = readSiteSettings({
      ...real,
      VITE_CONTACT_EMAIL: 'sales@agency.example',
      VITE_CLIENT_APP_URL: 'https://app.example.com',
    })
    expect(settings.placeholders).toEqual(['VITE_CONTACT_EMAIL', 'VITE_CLIENT_APP_URL'])
  })
})
