import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, setup, waitFor } from 'xstate'
import { BOT_CHECK_ID, mayBeVerified, shownPhase, type BotCheckDone, type BotCheckOutput } from '@/machines/bot-check.machine'
import type { WidgetAppearance, WidgetEvent } from '@/schemas/bot-check'
import { botCheckOver, fakeWidget } from './token-fakes'

// Issue 42.1 / 43.7: the one bot check every form holds. It starts the widget on the first touch,
// keeps its token until a submission takes it, drops it when it expires, and when none comes (or
// the widget failed) draws the widget visibly, with Try again and, where the form allows it, Send
// without the check. The widget is a fake actor here, as the page's Turnstile would be.

/** A widget the test speaks for: `tell` is what the last drawn one says. */
function handWidget() {
  let say: (event: WidgetEvent) => void = () => {}
  const resets = vi.fn()
  const widget = fakeWidget((_appearance, tell) => void (say = tell), resets)
  return { ...widget, resets, tell: (event: WidgetEvent) => say(event) }
}

/** A form's machine reduced to what the bot check sees: it holds it and hears its answers. */
function formWith(widget: ReturnType<typeof fakeWidget>['logic'], { canSkip = true, touched = false, tokenWaitMs = 30 } = {}) {
  const answers: BotCheckOutput[] = []
  const check = botCheckOver(widget, tokenWaitMs).provide({
    actors: { firstTouch: fromPromise(() => (touched ? Promise.resolve() : new Promise<void>(() => {}))) },
  })
  const form = setup({ types: { events: {} as BotCheckDone }, actors: { botCheck: check } }).createMachine({
    invoke: { id: BOT_CHECK_ID, src: 'botCheck', input: { canSkip } },
    on: { 'botCheck.done': { actions: ({ event }) => void answers.push(event.output) } },
  })
  const actor = createActor(form).start()
  const botCheck = actor.getSnapshot().children[BOT_CHECK_ID]!
  const phase = () => shownPhase(botCheck.getSnapshot())
  const ask = (type: 'botCheck.take' | 'botCheck.cancel' | 'botCheck.retry' | 'botCheck.skip') => botCheck.send({ type })
  return { answers, botCheck, phase, ask }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('botCheckMachine', () => {
  it('starts the widget on the first touch, never before; a token it gave is the answer at once, and the widget makes the next', async () => {
    const widget = handWidget()
    expect(widget.started).toEqual([])
    const { answers, ask, phase } = formWith(widget.logic, { touched: true })
    await tick()
    expect(widget.started).toEqual(['interaction-only'])
    widget.tell({ type: 'widget.token', token: 't-1' })
    ask('botCheck.take')
    expect(answers).toEqual([{ token: 't-1' }])
    expect(widget.resets).toHaveBeenCalledOnce()
    expect(phase()).toBeNull()
    // A spent token is never given twice: the next submission waits for the new one.
    ask('botCheck.take')
    expect(answers).toHaveLength(1)
    widget.tell({ type: 'widget.token', token: 't-2' })
    expect(answers).toEqual([{ token: 't-1' }, { token: 't-2' }])
  })

  it('a submission before any touch starts the widget itself', () => {
    const widget = handWidget()
    const { answers, ask } = formWith(widget.logic)
    ask('botCheck.take')
    expect(widget.started).toEqual(['interaction-only'])
    widget.tell({ type: 'widget.token', token: 'shared-link' })
    expect(answers).toEqual([{ token: 'shared-link' }])
  })

  it('no token in time: the widget is drawn again visibly, and the token the visitor earns there is the answer', async () => {
    const widget = handWidget()
    const { answers, ask, phase, botCheck } = formWith(widget.logic)
    ask('botCheck.take')
    await waitFor(botCheck, () => phase() === 'showing')
    expect(widget.started).toEqual<WidgetAppearance[]>(['interaction-only', 'always'])
    expect(widget.stopped).toEqual<WidgetAppearance[]>(['interaction-only'])
    expect(answers).toEqual([])
    widget.tell({ type: 'widget.token', token: 'seen' })
    expect(answers).toEqual([{ token: 'seen' }])
    expect(mayBeVerified(answers[0]!)).toBe(true)
    expect(phase()).toBeNull()
  })

  it('an expired token is dropped: the submission waits for a new one', async () => {
    const widget = handWidget()
    const { answers, ask, phase, botCheck } = formWith(widget.logic)
    ask('botCheck.take')
    ask('botCheck.cancel')
    widget.tell({ type: 'widget.token', token: 'old' })
    widget.tell({ type: 'widget.expired' })
    ask('botCheck.take')
    expect(answers).toEqual([])
    await waitFor(botCheck, () => phase() === 'showing')
  })

  it('a widget error, then a visible check that fails too: Try again draws it afresh, and its token is the answer', () => {
    const widget = handWidget()
    const { answers, ask, phase } = formWith(widget.logic)
    ask('botCheck.take')
    widget.tell({ type: 'widget.failed' })
    expect(phase()).toBe('showing')
    widget.tell({ type: 'widget.failed' })
    expect(phase()).toBe('failed')
    ask('botCheck.retry')
    expect(phase()).toBe('showing')
    expect(widget.started).toEqual<WidgetAppearance[]>(['interaction-only', 'always', 'always'])
    widget.tell({ type: 'widget.token', token: 'second' })
    expect(answers).toEqual([{ token: 'second' }])
  })

  it('a widget that failed before the submission is shown at once when one comes', () => {
    const widget = handWidget()
    const { ask, phase } = formWith(widget.logic)
    ask('botCheck.take')
    ask('botCheck.cancel')
    widget.tell({ type: 'widget.failed' })
    ask('botCheck.take')
    expect(phase()).toBe('showing')
  })

  it('Send without the check answers skipped where the form allows it, and is ignored where it does not', () => {
    for (const canSkip of [true, false]) {
      const widget = handWidget()
      const { answers, ask, phase } = formWith(widget.logic, { canSkip })
      ask('botCheck.take')
      widget.tell({ type: 'widget.failed' })
      ask('botCheck.skip')
      expect(answers).toEqual(canSkip ? [{ missing: 'skipped' }] : [])
      expect(phase()).toBe(canSkip ? null : 'showing')
    }
    expect(mayBeVerified({ missing: 'skipped' })).toBe(false)
  })

  it.each([['blocked'], ['off']] as const)('a widget that is %s answers at once without a token, and says so', (missing) => {
    const widget = handWidget()
    const { answers, ask, phase } = formWith(widget.logic)
    ask('botCheck.take')
    widget.tell({ type: `widget.${missing}` })
    ask('botCheck.take')
    expect(answers).toEqual([{ missing }, { missing }])
    expect(phase()).toBeNull()
    expect(mayBeVerified({ missing })).toBe(missing === 'off')
  })

  it('the form leaving its verifying state takes the shown check away', () => {
    const widget = handWidget()
    const { answers, ask, phase } = formWith(widget.logic)
    ask('botCheck.take')
    widget.tell({ type: 'widget.failed' })
    expect(phase()).toBe('showing')
    ask('botCheck.cancel')
    expect(phase()).toBeNull()
    expect(answers).toEqual([])
  })
})
