import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig, readConsentConfig } from '@/config'

describe('consent config', () => {
  it('defaults to granted outside the consent regions and the banner by time zone', () => {
    expect(readConsentConfig({})).toEqual({ fallback: 'granted', banner: 'auto' })
    expect(readConsentConfig({ VITE_CONSENT_DEFAULT: ' ', VITE_CONSENT_BANNER: '' })).toEqual({ fallback: 'granted', banner: 'auto' })
    expect(parseConfig({ VITE_MOCK_SERVICES: 'true' }).consent).toEqual({ fallback: 'granted', banner: 'auto' })
  })

  it('reads VITE_CONSENT_DEFAULT and VITE_CONSENT_BANNER', () => {
    const env = { VITE_CONSENT_DEFAULT: 'denied', VITE_CONSENT_BANNER: 'always' }
    expect(readConsentConfig(env)).toEqual({ fallback: 'denied', banner: 'always' })
    expect(parseConfig({ VITE_MOCK_SERVICES: 'true', ...env }).consent).toEqual({ fallback: 'denied', banner: 'always' })
  })

  it('refuses other values with a readable message', () => {
    expect(() => readConsentConfig({ VITE_CONSENT_DEFAULT: 'yes' })).toThrow(ConfigError)
    expect(() => readConsentConfig({ VITE_CONSENT_DEFAULT: 'yes' })).toThrow(/VITE_CONSENT_DEFAULT must be granted or denied/)
    expect(() => parseConfig({ VITE_MOCK_SERVICES: 'true', VITE_CONSENT_BANNER: 'never' })).toThrow(
      /VITE_CONSENT_BANNER must be auto or always/,
    )
  })
})
