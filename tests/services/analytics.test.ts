import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WebVital } from '@/lib/web-vitals'
import { createGtagAnalytics, createRecordingAnalytics, LEAD_EVENTS, noAnalytics } from '@/services/analytics'

// The node project has no DOM: give gtag analytics the few window and document members it touches.
function stubBrowser({ gtag }: { gtag?: (...args: unknown[]) => void } = {}) {
  const idle: (() => void)[] = []
  const appended: { src?: string; async?: boolean }[] = []
  const win: { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void; requestIdleCallback: (cb: () => void) => number } = {
    gtag,
    requestIdleCallback: (cb) => idle.push(cb),
  }
  vi.stubGlobal('window', win)
  vi.stubGlobal('document', {
    createElement: () => ({}),
    head: { appendChild: (node: { src?: string; async?: boolean }) => appended.push(node) },
  })
  return { win, idle, appended }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('recording analytics', () => {
  it('records exactly the conversion (15 USD, send_to) and generate_lead (0 USD) events per lead', () => {
    const analytics = createRecordingAnalytics('AW-123/abc')
    expect(analytics.events).toEqual([])
    analytics.leadSubmitted()
    expect(analytics.events).toEqual([
      { name: 'conversion', send_to: 'AW-123/abc', value: 15, currency: 'USD' },
      { name: 'generate_lead', value: 0, currency: 'USD' },
    ])
    analytics.leadSubmitted()
    expect(analytics.events).toHaveLength(4)
  })

  it('defaults send_to to the mock conversion', () => {
    const analytics = createRecordingAnalytics()
    analytics.leadSubmitted()
    expect(analytics.events).toEqual(LEAD_EVENTS('AW-MOCK/lead'))
  })
})

const lcp: WebVital = { name: 'LCP', value: 1234.56, rating: 'good', id: 'v5-1' }
const cls: WebVital = { name: 'CLS', value: 0.0123, rating: 'good', id: 'v5-2' }

describe('web vitals', () => {
  it('records each vital apart from the ad and lead events in mock mode', () => {
    const analytics = createRecordingAnalytics()
    analytics.webVital(lcp)
    analytics.webVital(cls)
    expect(analytics.vitals).toEqual([lcp, cls])
    expect(analytics.events).toEqual([])
  })

  it('sends gtag events named for the metric with integer values (CLS x 1000) as non-interaction', () => {
    const gtag = vi.fn()
    stubBrowser({ gtag })
    const analytics = createGtagAnalytics({ gtagId: 'G-TEST' })
    gtag.mockClear()

    analytics.webVital(lcp)
    analytics.webVital(cls)

    expect(gtag.mock.calls).toEqual([
      ['event', 'LCP', { value: 1235, metric_id: 'v5-1', metric_value: 1234.56, metric_rating: 'good', non_interaction: true }],
      ['event', 'CLS', { value: 12, metric_id: 'v5-2', metric_value: 0.0123, metric_rating: 'good', non_interaction: true }],
    ])
  })
})

describe('web vitals under consent', () => {
  it('sends no vital to gtag while analytics is not allowed, and sends them once it is', () => {
    const gtag = vi.fn()
    stubBrowser({ gtag })
    let allowed = false
    const analytics = createGtagAnalytics({ gtagId: 'G-TEST', conversion: 'AW-1/x', analyticsAllowed: () => allowed })
    gtag.mockClear()

    analytics.webVital(lcp)
    expect(gtag).not.toHaveBeenCalled()
    // The lead events still go to gtag: Consent Mode decides how (cookieless pings when denied).
    analytics.leadSubmitted()
    expect(gtag.mock.calls.map((call) => call[1])).toEqual(['conversion', 'generate_lead'])

    allowed = true
    gtag.mockClear()
    analytics.webVital(cls)
    expect(gtag.mock.calls).toEqual([['event', 'CLS', expect.objectContaining({ metric_id: 'v5-2' })]])
  })
})

describe('the booked call under consent', () => {
  it('sends book_call only while analytics is allowed', () => {
    const gtag = vi.fn()
    stubBrowser({ gtag })
    let allowed = false
    const analytics = createGtagAnalytics({ gtagId: 'G-TEST', analyticsAllowed: () => allowed })
    gtag.mockClear()

    analytics.callBooked()
    expect(gtag).not.toHaveBeenCalled()

    allowed = true
    analytics.callBooked()
    expect(gtag.mock.calls).toEqual([['event', 'book_call']])
  })

  it('is recorded in mock mode', () => {
    const analytics = createRecordingAnalytics()
    analytics.callBooked()
    expect(analytics.events).toEqual([{ name: 'book_call' }])
  })
})

describe('gtag analytics', () => {
  it("sends ('event','conversion',{send_to,value:15,currency:'USD'}) then ('event','generate_lead',{value:0,currency:'USD'})", () => {
    const gtag = vi.fn()
    stubBrowser({ gtag })
    const analytics = createGtagAnalytics({ gtagId: 'G-TEST', conversion: 'AW-111/label' })
    gtag.mockClear()

    analytics.leadSubmitted()

    expect(gtag.mock.calls).toEqual([
      ['event', 'conversion', { send_to: 'AW-111/label', value: 15, currency: 'USD' }],
      ['event', 'generate_lead', { value: 0, currency: 'USD' }],
    ])
  })

  it('skips the conversion when no conversion id is configured', () => {
    const gtag = vi.fn()
    stubBrowser({ gtag })
    const analytics = createGtagAnalytics({ gtagId: 'G-TEST' })
    gtag.mockClear()

    analytics.leadSubmitted()

    expect(gtag.mock.calls).toEqual([['event', 'generate_lead', { value: 0, currency: 'USD' }]])
  })

  it('configures gtag and loads gtag.js only once the page is idle', () => {
    const { win, idle, appended } = stubBrowser()
    createGtagAnalytics({ gtagId: 'G-A&B' })

    expect(win.dataLayer?.map((args) => Array.from(args as ArrayLike<unknown>))).toEqual([
      ['js', expect.any(Date)],
      ['config', 'G-A&B'],
    ])
    expect(appended).toEqual([])
    idle.forEach((load) => load())
    expect(appended).toEqual([{ async: true, src: 'https://www.googletagmanager.com/gtag/js?id=G-A%26B' }])
  })

  it("never sends a confirmation link's token in the page view (page_location without it)", () => {
    const { win } = stubBrowser()
    ;(win as { location?: { href: string } }).location = { href: 'https://site.example/confirm?token=abc.1.sig&utm_source=mail' }
    createGtagAnalytics({ gtagId: 'G-TEST' })
    expect(Array.from(win.dataLayer?.[1] as ArrayLike<unknown>)).toEqual([
      'config',
      'G-TEST',
      { page_location: 'https://site.example/confirm?utm_source=mail' },
    ])
  })

  it('queues events in dataLayer before gtag.js has loaded', () => {
    const { win } = stubBrowser()
    createGtagAnalytics({ gtagId: 'G-TEST', conversion: 'AW-1/x' }).leadSubmitted()
    expect(win.dataLayer?.slice(2).map((args) => Array.from(args as ArrayLike<unknown>))).toEqual([
      ['event', 'conversion', { send_to: 'AW-1/x', value: 15, currency: 'USD' }],
      ['event', 'generate_lead', { value: 0, currency: 'USD' }],
    ])
  })

  // Leads are only submitted in a browser; building the service must still be safe while prerendering.
  it('can be created without a window (prerendering)', () => {
    expect(typeof window).toBe('undefined')
    expect(() => createGtagAnalytics({ gtagId: 'G-TEST', conversion: 'AW-1/x' })).not.toThrow()
    expect(() => noAnalytics.leadSubmitted()).not.toThrow()
  })
})
