import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { ConfigError, MOCK_SUPABASE_URL, parseConfig } from '@/config'
import { createServices } from '@/services/create-services'
import { createRecordingAnalytics } from '@/services/analytics'
import type { LeadSubmission } from '@/schemas/lead'

function configError(env: Parameters<typeof parseConfig>[0]): ConfigError {
  try {
    parseConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('parseConfig accepted the env')
}

const live = { VITE_SUPABASE_URL: 'https://abcd.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon-key' }

describe('parseConfig', () => {
  it('fills mock defaults in mock mode', () => {
    expect(parseConfig({ VITE_MOCK_SERVICES: 'true' })).toEqual({
      mockServices: true,
      supabaseUrl: MOCK_SUPABASE_URL,
      supabaseAnonKey: 'mock-anon-key',
      calOrigin: undefined,
      calLink: undefined,
      gtagId: undefined,
      gadsConversion: undefined,
      siteUrl: undefined,
      vetVideoUrl: undefined,
      turnstileSiteKey: '1x00000000000000000000BB',
      consent: { fallback: 'granted', banner: 'auto' },
    })
  })

  it('accepts a boolean true for VITE_MOCK_SERVICES and keeps given values in mock mode', () => {
    const config = parseConfig({ VITE_MOCK_SERVICES: true, VITE_SUPABASE_URL: 'http://localhost:54321', VITE_GTAG_ID: 'G-1' })
    expect(config).toMatchObject({
      mockServices: true,
      supabaseUrl: 'http://localhost:54321',
      supabaseAnonKey: 'mock-anon-key',
      gtagId: 'G-1',
    })
  })

  it('reads a complete live env', () => {
    const config = parseConfig({
      ...live,
      VITE_MOCK_SERVICES: 'false',
      VITE_CAL_ORIGIN: 'https://cal.example.com',
      VITE_CAL_LINK: 'agency/30min',
      VITE_GTAG_ID: 'G-XYZ',
      VITE_GADS_CONVERSION: 'AW-1/abc',
      VITE_SITE_URL: 'https://www.example.com',
    })
    expect(config).toEqual({
      mockServices: false,
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseAnonKey: 'anon-key',
      calOrigin: 'https://cal.example.com',
      calLink: 'agency/30min',
      gtagId: 'G-XYZ',
      gadsConversion: 'AW-1/abc',
      siteUrl: 'https://www.example.com',
      consent: { fallback: 'granted', banner: 'auto' },
    })
  })

  it('fails in live mode with a ConfigError listing both missing variables', () => {
    const error = configError({})
    expect(error.name).toBe('ConfigError')
    expect(error.problems).toEqual(['VITE_SUPABASE_URL is missing', 'VITE_SUPABASE_ANON_KEY is missing'])
    expect(error.message).toContain('- VITE_SUPABASE_URL is missing')
    expect(error.message).toContain('- VITE_SUPABASE_ANON_KEY is missing')
    expect(error.message).toContain('.env.example')
  })

  it('treats blank strings as missing', () => {
    const error = configError({ VITE_MOCK_SERVICES: '', VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '' })
    expect(error.problems).toEqual(['VITE_SUPABASE_URL is missing', 'VITE_SUPABASE_ANON_KEY is missing'])
    expect(parseConfig({ ...live, VITE_GTAG_ID: '', VITE_CAL_ORIGIN: '' })).toMatchObject({ gtagId: undefined, calOrigin: undefined })
  })

  it('rejects a URL that is not a URL', () => {
    const error = configError({ ...live, VITE_SUPABASE_URL: 'abcd.supabase.co' })
    expect(error.problems).toEqual(['VITE_SUPABASE_URL must be a URL'])
  })

  it('rejects invalid optional URLs', () => {
    expect(configError({ ...live, VITE_CAL_ORIGIN: 'cal' }).problems).toHaveLength(1)
    expect(configError({ ...live, VITE_SITE_URL: 'www.example.com' }).problems).toHaveLength(1)
  })

  it('is live unless VITE_MOCK_SERVICES is exactly "true"', () => {
    expect(configError({ VITE_MOCK_SERVICES: 'TRUE' }).problems).toContain('VITE_SUPABASE_URL is missing')
    expect(configError({ VITE_MOCK_SERVICES: '1' }).problems).toContain('VITE_SUPABASE_ANON_KEY is missing')
  })
})

describe('createServices', () => {
  const submission: LeadSubmission = {
    submissionId: crypto.randomUUID(),
    lead: { locations: '1', name: 'Jane', phone: '0422470721', email: 'jane@example.com', business: '1 Main Road', note: '' },
    tracking: { platform: '', keyword: '' },
    source: { path: '/', label: 'Homepage' },
  }

  it('points leads and places at `${supabaseUrl}/functions/v1`', async () => {
    const seen: string[] = []
    server.use(
      http.post('https://abcd.supabase.co/functions/v1/leads', ({ request }) => {
        seen.push(request.url)
        return HttpResponse.json({ id: 'live-1' })
      }),
      http.get('https://abcd.supabase.co/functions/v1/places', ({ request }) => {
        seen.push(request.url)
        return HttpResponse.json({ status: 'ZERO_RESULTS', predictions: [] })
      }),
    )
    // A trailing slash on the URL must not produce `//functions`.
    const services = createServices(parseConfig({ ...live, VITE_SUPABASE_URL: 'https://abcd.supabase.co/' }))

    await expect(services.leads.submit(submission)).resolves.toEqual({ id: 'live-1' })
    await expect(services.places.autocomplete('oak', 'session-1')).resolves.toMatchObject({ status: 'ZERO_RESULTS' })
    expect(seen).toEqual([
      'https://abcd.supabase.co/functions/v1/leads',
      'https://abcd.supabase.co/functions/v1/places?input=oak&session=session-1',
    ])
  })

  it('in mock mode talks to the mock project, answered by the MSW handlers', async () => {
    const seen: string[] = []
    const listener = ({ request }: { request: Request }) => void seen.push(new URL(request.url).origin)
    server.events.on('request:start', listener)
    try {
      const services = createServices(parseConfig({ VITE_MOCK_SERVICES: 'true' }))
      const { id } = await services.leads.submit(submission)
      expect(id).toMatch(/^\d+$/)
      expect(seen).toEqual([MOCK_SUPABASE_URL])
    } finally {
      server.events.removeListener('request:start', listener)
    }
  })

  it('uses no analytics without a gtag id, and takes overrides', () => {
    const config = parseConfig({ VITE_MOCK_SERVICES: 'true' })
    const analytics = createRecordingAnalytics()
    expect(() => createServices(config).analytics.leadSubmitted()).not.toThrow()
    expect(createServices(config, { analytics }).analytics).toBe(analytics)
  })

  it('without a calendar config has no booking page and refuses to load the widget', async () => {
    const { calendar } = createServices(parseConfig({ VITE_MOCK_SERVICES: 'true' }))
    expect(calendar.bookingUrl).toBeUndefined()
    await expect(calendar.load({} as HTMLElement)).rejects.toThrow(/not configured/)
  })
})
