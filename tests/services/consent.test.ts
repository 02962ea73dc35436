import { afterEach, describe, expect, it, vi } from 'vitest'
import { asksAtOnce, createConsentService, type ConsentBanner, type ConsentDeps } from '@/services/consent'

const stored = (categories: string[]) => `cc_cookie=${encodeURIComponent(JSON.stringify({ categories }))}`

function setup({
  timeZone = 'Europe/Berlin',
  cookie = '',
  banner = 'auto' as const,
  fallback = 'granted' as const,
  load,
}: Partial<{
  timeZone: string
  cookie: string
  banner: 'auto' | 'always'
  fallback: 'granted' | 'denied'
  load: ConsentDeps['load']
}> = {}) {
  const idle: (() => void)[] = []
  const ui: ConsentBanner = { show: vi.fn(), showPreferences: vi.fn() }
  const deps = {
    load: load ?? vi.fn(() => Promise.resolve(ui)),
    timeZone: () => timeZone,
    cookie: () => cookie,
    whenIdle: (run: () => void) => idle.push(run),
    fallback: vi.fn(),
  }
  const service = createConsentService({ banner, fallback }, deps)
  const runIdle = async () => {
    idle.splice(0).forEach((run) => run())
    await vi.waitFor(() => Promise.resolve())
  }
  return { service, ui, deps, idle, runIdle }
}

describe('who is asked at once', () => {
  it('asks visitors whose time zone is in Europe, or everyone with always', () => {
    expect(asksAtOnce('auto', 'Europe/Berlin')).toBe(true)
    expect(asksAtOnce('auto', 'Europe/London')).toBe(true)
    expect(asksAtOnce('auto', 'Australia/Sydney')).toBe(false)
    expect(asksAtOnce('auto', '')).toBe(false)
    expect(asksAtOnce('always', 'America/New_York')).toBe(true)
  })
})

/** The node project has no DOM: a document whose focused element says whether it is a text field. */
function stubDocument(typing: { value: boolean }) {
  const listeners: (() => void)[] = []
  vi.stubGlobal('document', {
    get activeElement() {
      return { matches: () => typing.value }
    },
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.splice(listeners.indexOf(listener), 1),
  })
  return listeners
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the consent service', () => {
  it('loads and shows the banner only once the page is idle, for a visitor from Europe who has not chosen', async () => {
    stubDocument({ value: false })
    const { service, ui, deps, idle, runIdle } = setup()
    service.start()
    expect(deps.load).not.toHaveBeenCalled()
    expect(idle).toHaveLength(1)
    await runIdle()
    await vi.waitFor(() => expect(ui.show).toHaveBeenCalledWith(true))
  })

  it('waits while the visitor is typing into a field, and shows the banner once focus leaves the fields', async () => {
    const typing = { value: true }
    const focusout = stubDocument(typing)
    const { service, ui, runIdle } = setup()
    service.start()
    await runIdle()
    await vi.waitFor(() => expect(focusout).toHaveLength(1))
    focusout[0]!()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(ui.show).not.toHaveBeenCalled()
    typing.value = false
    focusout[0]!()
    await vi.waitFor(() => expect(ui.show).toHaveBeenCalledOnce())
    expect(focusout).toHaveLength(0)
  })

  it('loads nothing for a visitor outside Europe, or one who has already chosen', async () => {
    for (const options of [{ timeZone: 'Australia/Sydney' }, { cookie: stored(['necessary']) }]) {
      const { service, deps, idle } = setup(options)
      service.start()
      expect(idle).toHaveLength(0)
      expect(deps.load).not.toHaveBeenCalled()
    }
  })

  it('opens the preferences from the footer for anyone, and falls back to the policy when the library cannot load', async () => {
    const sydney = setup({ timeZone: 'Australia/Sydney' })
    sydney.service.openPreferences()
    await vi.waitFor(() => expect(sydney.ui.showPreferences).toHaveBeenCalled())

    const offline = setup({ load: () => Promise.reject(new Error('chunk failed')) })
    offline.service.openPreferences()
    await vi.waitFor(() => expect(offline.deps.fallback).toHaveBeenCalled())
  })

  it('allows analytics by the stored choice, else only where nobody is asked first and the default is granted', () => {
    expect(setup({ cookie: stored(['necessary', 'analytics']) }).service.analyticsAllowed()).toBe(true)
    expect(setup({ timeZone: 'Australia/Sydney', cookie: stored(['necessary']) }).service.analyticsAllowed()).toBe(false)
    expect(setup({ timeZone: 'Europe/Berlin' }).service.analyticsAllowed()).toBe(false)
    expect(setup({ timeZone: 'Australia/Sydney' }).service.analyticsAllowed()).toBe(true)
    expect(setup({ timeZone: 'Australia/Sydney', fallback: 'denied' }).service.analyticsAllowed()).toBe(false)
    expect(setup({ timeZone: 'Australia/Sydney', banner: 'always' }).service.analyticsAllowed()).toBe(false)
  })

  it('can be built without a window (prerendering)', () => {
    expect(() => createConsentService({ banner: 'auto', fallback: 'granted' })).not.toThrow()
  })
})
