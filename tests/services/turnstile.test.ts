import { describe, expect, it, vi } from 'vitest'
import { createTurnstileService, type TurnstileApi, type TurnstileRenderOptions } from '@/services/turnstile'
import { lazyTurnstile, noTurnstile } from '@/services/turnstile-lazy'

/** Cloudflare's widget API as a fake the test drives: it records each render and hands out tokens on demand. */
function fakeTurnstile() {
  const widgets: TurnstileRenderOptions[] = []
  const api: TurnstileApi = {
    render: vi.fn((_element: HTMLElement, options: TurnstileRenderOptions) => {
      widgets.push(options)
      return `widget-${widgets.length}`
    }),
    reset: vi.fn(),
    remove: vi.fn(),
  }
  return { api, widgets, last: () => widgets[widgets.length - 1]! }
}

const container = {} as HTMLElement
/** A widget of `service` for `action`, its slot on the page. */
const attached = <W extends { attach(element: HTMLElement | null): void }>(widget: W) => (widget.attach(container), widget)
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('turnstile service', () => {
  it('loads the script only when a form is first touched (or a token is wanted), once for every form', async () => {
    const turnstile = fakeTurnstile()
    const load = vi.fn(async () => turnstile.api)
    const service = createTurnstileService({ siteKey: 'site-key', scriptUrl: '/api.js', load })
    const lead = attached(service.widget('lead'))
    const check = attached(service.widget('check'))
    expect(load).not.toHaveBeenCalled()
    lead.prepare()
    lead.prepare()
    check.prepare()
    await tick()
    expect(load).toHaveBeenCalledOnce()
    expect(load).toHaveBeenCalledWith('/api.js')
    expect(turnstile.widgets.map(({ sitekey, action, appearance }) => ({ sitekey, action, appearance }))).toEqual([
      { sitekey: 'site-key', action: 'lead', appearance: 'interaction-only' },
      { sitekey: 'site-key', action: 'check', appearance: 'interaction-only' },
    ])
  })

  it('waits for a token still coming, hands it out once and resets the widget for the next (single-use)', async () => {
    const turnstile = fakeTurnstile()
    const widget = attached(
      createTurnstileService({ siteKey: 'k', scriptUrl: '/api.js', load: async () => turnstile.api }).widget('registration'),
    )
    const taking = widget.take(5_000)
    await tick()
    turnstile.last().callback('token-1')
    await expect(taking).resolves.toEqual({ token: 'token-1' })
    expect(turnstile.api.reset).toHaveBeenCalledWith('widget-1')
    turnstile.last().callback('token-2')
    await expect(widget.take(5_000)).resolves.toEqual({ token: 'token-2' })
  })

  it('says why no token came, without waiting out the limit: the script blocked, or the challenge failed', async () => {
    const blocked = createTurnstileService({ siteKey: 'k', scriptUrl: '/api.js', load: () => Promise.reject(new Error('blocked')) })
    const started = Date.now()
    await expect(attached(blocked.widget('lead')).take(60_000)).resolves.toEqual({ missing: 'blocked' })
    const turnstile = fakeTurnstile()
    const failing = attached(
      createTurnstileService({ siteKey: 'k', scriptUrl: '/api.js', load: async () => turnstile.api }).widget('check'),
    )
    const taking = failing.take(60_000)
    await tick()
    expect(turnstile.last()['error-callback']()).toBe(true)
    await expect(taking).resolves.toEqual({ missing: 'failed' })
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('gives up after the wait when the token is slow, and drops an expired one', async () => {
    vi.useFakeTimers()
    const turnstile = fakeTurnstile()
    const widget = attached(createTurnstileService({ siteKey: 'k', scriptUrl: '/api.js', load: async () => turnstile.api }).widget('lead'))
    const taking = widget.take(2_500)
    await vi.advanceTimersByTimeAsync(2_500)
    await expect(taking).resolves.toEqual({ missing: 'failed' })
    turnstile.last().callback('token-1')
    turnstile.last()['expired-callback']()
    const again = widget.take(1_000)
    await vi.advanceTimersByTimeAsync(1_000)
    await expect(again).resolves.toEqual({ missing: 'failed' })
    vi.useRealTimers()
  })

  it('removes the widget when its form leaves, and renders it again when the form comes back', async () => {
    const turnstile = fakeTurnstile()
    const widget = attached(createTurnstileService({ siteKey: 'k', scriptUrl: '/api.js', load: async () => turnstile.api }).widget('reply'))
    widget.prepare()
    await tick()
    widget.release()
    await tick()
    expect(turnstile.api.remove).toHaveBeenCalledWith('widget-1')
    widget.prepare()
    await tick()
    expect(turnstile.api.render).toHaveBeenCalledTimes(2)
  })

  it('as the services hold it, loads its own code on the first widget, and a token the same way', async () => {
    const turnstile = fakeTurnstile()
    // The API already on the page (as after an earlier form loaded it): no script is added again.
    vi.stubGlobal('window', { turnstile: turnstile.api })
    try {
      const widget = lazyTurnstile({ siteKey: 'k', scriptUrl: '/api.js' }).widget('lead')
      widget.attach(container)
      const taking = widget.take(5_000)
      await vi.waitFor(() => expect(turnstile.widgets).toHaveLength(1))
      turnstile.last().callback('token-1')
      await expect(taking).resolves.toEqual({ token: 'token-1' })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('without a site key loads nothing and says at once that the check is off', async () => {
    const widget = attached(noTurnstile.widget('lead'))
    widget.prepare()
    await expect(widget.take(60_000)).resolves.toEqual({ missing: 'off' })
    await expect(widget.challenge()).resolves.toEqual({ missing: 'off' })
  })

  // Issue 42.1: when no token came, the widget is drawn again, visibly, for the visitor to take.
  it('draws the widget again visibly for a challenge, and hands out the token the visitor earns there', async () => {
    const turnstile = fakeTurnstile()
    const widget = attached(
      createTurnstileService({ siteKey: 'k', scriptUrl: '/api.js', load: async () => turnstile.api }).widget('registration'),
    )
    const taking = widget.take(60_000)
    await tick()
    turnstile.last()['error-callback']()
    await expect(taking).resolves.toEqual({ missing: 'failed' })
    const challenged = widget.challenge()
    await tick()
    expect(turnstile.api.remove).toHaveBeenCalledWith('widget-1')
    expect(turnstile.widgets.map(({ appearance }) => appearance)).toEqual(['interaction-only', 'always'])
    turnstile.last().callback('token-seen')
    await expect(challenged).resolves.toEqual({ token: 'token-seen' })
    expect(turnstile.api.reset).toHaveBeenCalledWith('widget-2')
  })

  it('a visible challenge that fails says so, and one whose script never loads says blocked', async () => {
    const turnstile = fakeTurnstile()
    const widget = attached(createTurnstileService({ siteKey: 'k', scriptUrl: '/api.js', load: async () => turnstile.api }).widget('lead'))
    const challenged = widget.challenge()
    await tick()
    turnstile.last()['error-callback']()
    await expect(challenged).resolves.toEqual({ missing: 'failed' })
    const blocked = createTurnstileService({ siteKey: 'k', scriptUrl: '/api.js', load: () => Promise.reject(new Error('blocked')) })
    await expect(attached(blocked.widget('check')).challenge()).resolves.toEqual({ missing: 'blocked' })
  })
})
