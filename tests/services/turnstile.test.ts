import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, setup, waitFor } from 'xstate'
import { BOT_CHECK_ID, botCheckMachine, shownPhase, type BotCheckDone, type BotCheckOutput } from '@/machines/bot-check.machine'
import type { WidgetEvent } from '@/schemas/bot-check'
import { createTurnstile, type TurnstileApi, type TurnstileRenderOptions } from '@/services/turnstile'
import { lazyTurnstile, noTurnstile, type WidgetCallback } from '@/services/turnstile-lazy'

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
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createTurnstile (the lazily loaded chunk)', () => {
  it('loads the script once for every widget, and draws each as asked', async () => {
    const turnstile = fakeTurnstile()
    const load = vi.fn(async () => turnstile.api)
    const drawer = createTurnstile({ siteKey: 'site-key', scriptUrl: '/api.js', load })
    expect(load).not.toHaveBeenCalled()
    await drawer.draw({ action: 'lead', container: () => container, appearance: 'interaction-only' }, () => {})
    await drawer.draw({ action: 'check', container: () => container, appearance: 'always' }, () => {})
    expect(load).toHaveBeenCalledOnce()
    expect(load).toHaveBeenCalledWith('/api.js')
    expect(turnstile.widgets.map(({ sitekey, action, appearance }) => ({ sitekey, action, appearance }))).toEqual([
      { sitekey: 'site-key', action: 'lead', appearance: 'interaction-only' },
      { sitekey: 'site-key', action: 'check', appearance: 'always' },
    ])
  })

  it("tells what the widget does: a token, its expiry, Cloudflare's error (handled, so it logs nothing); reset and remove name it", async () => {
    const turnstile = fakeTurnstile()
    const told: WidgetEvent[] = []
    const drawer = createTurnstile({ siteKey: 'k', scriptUrl: '/api.js', load: async () => turnstile.api })
    const drawn = await drawer.draw({ action: 'registration', container: () => container, appearance: 'interaction-only' }, (event) =>
      told.push(event),
    )
    turnstile.last().callback('token-1')
    turnstile.last()['expired-callback']()
    expect(turnstile.last()['error-callback']()).toBe(true)
    expect(told).toEqual([{ type: 'widget.token', token: 'token-1' }, { type: 'widget.expired' }, { type: 'widget.failed' }])
    drawn?.reset()
    drawn?.remove()
    expect(turnstile.api.reset).toHaveBeenCalledWith('widget-1')
    expect(turnstile.api.remove).toHaveBeenCalledWith('widget-1')
  })

  it('a blocked script is blocked for every widget; no slot, or a render that throws, is a failed widget', async () => {
    const told: WidgetEvent[] = []
    const tell = (event: WidgetEvent) => void told.push(event)
    const load = vi.fn(() => Promise.reject(new Error('blocked')))
    const blocked = createTurnstile({ siteKey: 'k', scriptUrl: '/api.js', load })
    await blocked.draw({ action: 'lead', container: () => container, appearance: 'interaction-only' }, tell)
    await blocked.draw({ action: 'lead', container: () => container, appearance: 'always' }, tell)
    expect(load).toHaveBeenCalledOnce()
    const throwing = {
      ...fakeTurnstile().api,
      render: () => {
        throw new Error('bad site key')
      },
    }
    const failing = createTurnstile({ siteKey: 'k', scriptUrl: '/api.js', load: async () => throwing })
    await failing.draw({ action: 'check', container: () => null, appearance: 'interaction-only' }, tell)
    await failing.draw({ action: 'check', container: () => container, appearance: 'interaction-only' }, tell)
    expect(told.map(({ type }) => type)).toEqual(['widget.blocked', 'widget.blocked', 'widget.failed', 'widget.failed'])
  })
})

/** A form holding the real bot check over `widget`, started as the page starts it, and its answers. */
function formOver(widget: WidgetCallback) {
  const answers: BotCheckOutput[] = []
  const check = botCheckMachine.provide({
    actors: { widget: fromCallback(widget), firstTouch: fromPromise(() => new Promise<void>(() => {})) },
  })
  const form = setup({ types: { events: {} as BotCheckDone }, actors: { botCheck: check } }).createMachine({
    invoke: { id: BOT_CHECK_ID, src: 'botCheck', input: { canSkip: true } },
    on: { 'botCheck.done': { actions: ({ event }) => void answers.push(event.output) } },
  })
  const actor = createActor(form).start()
  return { actor, answers, botCheck: actor.getSnapshot().children[BOT_CHECK_ID]! }
}

describe('the widget actor the services hold', () => {
  it('loads its own code on the first draw, gives the token to the bot check, renews it once taken, and removes the widget when the form goes', async () => {
    const turnstile = fakeTurnstile()
    // The API already on the page (as after an earlier form loaded it): no script is added again.
    vi.stubGlobal('window', { turnstile: turnstile.api })
    try {
      const { actor, answers, botCheck } = formOver(lazyTurnstile({ siteKey: 'k', scriptUrl: '/api.js' }).widget('lead', () => container))
      expect(turnstile.widgets).toHaveLength(0)
      botCheck.send({ type: 'botCheck.take' })
      await vi.waitFor(() => expect(turnstile.widgets).toHaveLength(1))
      turnstile.last().callback('token-1')
      expect(answers).toEqual([{ token: 'token-1' }])
      await tick()
      expect(turnstile.api.reset).toHaveBeenCalledWith('widget-1')
      actor.stop()
      await tick()
      expect(turnstile.api.remove).toHaveBeenCalledWith('widget-1')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('an error draws the widget again visibly in the same slot, removing the invisible one', async () => {
    const turnstile = fakeTurnstile()
    vi.stubGlobal('window', { turnstile: turnstile.api })
    try {
      const { answers, botCheck } = formOver(lazyTurnstile({ siteKey: 'k', scriptUrl: '/api.js' }).widget('registration', () => container))
      botCheck.send({ type: 'botCheck.take' })
      await vi.waitFor(() => expect(turnstile.widgets).toHaveLength(1))
      turnstile.last()['error-callback']()
      await waitFor(botCheck, () => shownPhase(botCheck.getSnapshot()) === 'showing')
      await vi.waitFor(() => expect(turnstile.widgets).toHaveLength(2))
      expect(turnstile.api.remove).toHaveBeenCalledWith('widget-1')
      expect(turnstile.widgets.map(({ appearance }) => appearance)).toEqual(['interaction-only', 'always'])
      turnstile.last().callback('token-seen')
      expect(answers).toEqual([{ token: 'token-seen' }])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('a script that never loads (a privacy extension) counts as a blocked widget', async () => {
    vi.stubGlobal('window', {})
    try {
      // No `document` to add the script to: it never loads.
      const { answers, botCheck } = formOver(lazyTurnstile({ siteKey: 'k', scriptUrl: '/api.js' }).widget('lead', () => container))
      botCheck.send({ type: 'botCheck.take' })
      await vi.waitFor(() => expect(answers).toEqual([{ missing: 'blocked' }]))
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('without a site key loads nothing and says at once that the check is off', () => {
    const { answers, botCheck } = formOver(noTurnstile.widget('lead', () => container))
    botCheck.send({ type: 'botCheck.take' })
    expect(answers).toEqual([{ missing: 'off' }])
  })
})
