import { createMachine, fromCallback, sendParent } from 'xstate'
import { botCheckMachine, type BotCheckDone } from '@/machines/bot-check.machine'
import type { TokenTake, WidgetAppearance, WidgetCommand, WidgetEvent, WidgetInput } from '@/schemas/bot-check'

/**
 * A bot check whose token is already there: it answers as it is asked, so the form goes straight
 * on within the same event, as it does on the page once the widget has its token. Without a token,
 * the check is off (no site key): the form sends without one.
 */
export const tokenAtOnce = (token?: string) =>
  createMachine({
    on: {
      'botCheck.take': {
        actions: sendParent({ type: 'botCheck.done', output: token ? { token } : { missing: 'off' } } satisfies BotCheckDone),
      },
    },
  }) as unknown as typeof botCheckMachine

/** What a fake widget can say, as the widget service's events. */
const eventOf = (take: TokenTake): WidgetEvent =>
  'token' in take ? { type: 'widget.token', token: take.token } : { type: `widget.${take.missing}` }

/**
 * A widget the test drives: `draw(appearance, tell)` runs each time the bot check starts it (once
 * for the invisible widget, again for each visible check); `reset` runs when a token was taken.
 */
export function fakeWidget(draw: (appearance: WidgetAppearance, tell: (event: WidgetEvent) => void) => void, reset: () => void = () => {}) {
  const started: WidgetAppearance[] = []
  const stopped: WidgetAppearance[] = []
  const logic = fromCallback<WidgetCommand, WidgetInput>(({ input, sendBack, receive }) => {
    let live = true
    started.push(input.appearance)
    receive(reset)
    draw(input.appearance, (event) => live && sendBack(event))
    return () => {
      live = false
      stopped.push(input.appearance)
    }
  })
  return { logic, started, stopped }
}

/** The real bot check over a widget, started by a submission (no first touch before it). */
export const botCheckOver = (widget: ReturnType<typeof fakeWidget>['logic'], tokenWaitMs = 10_000) =>
  botCheckMachine.provide({ actors: { widget }, delays: { tokenWait: tokenWaitMs } })

/**
 * The real bot check over a fake widget: `take` is the invisible widget's answer (asked again for
 * each new token), `challenge` the visible one's. A rejection is a widget that never loaded.
 */
export const botCheckWith = (take: () => Promise<TokenTake>, challenge: () => Promise<TokenTake> = () => new Promise(() => {})) => {
  const ask = (answer: () => Promise<TokenTake>, tell: (event: WidgetEvent) => void) =>
    void answer().then(
      (given) => tell(eventOf(given)),
      () => tell({ type: 'widget.blocked' }),
    )
  let invisible: (event: WidgetEvent) => void = () => {}
  const widget = fakeWidget(
    (appearance, tell) => (appearance === 'always' ? ask(challenge, tell) : ask(take, (invisible = tell))),
    () => ask(take, invisible),
  )
  return botCheckOver(widget.logic)
}
