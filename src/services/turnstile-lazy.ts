// Types only from xstate: the services are in every page's script, which holds no machine library.
import type { CallbackLogicFunction } from 'xstate'
import type { TurnstileAction, WidgetCommand, WidgetEvent, WidgetInput } from '@/schemas/bot-check'
import type { Turnstile } from './turnstile'

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
/** Mock mode's same-origin stand-in (mocks/turnstile-stand-in.js), copied into the build's root. */
export const TURNSTILE_STAND_IN_URL = '/turnstile-stand-in.js'

/**
 * One form's widget as a callback actor's body (the page wraps it in `fromCallback`): started with
 * how to draw it, it reports `WidgetEvent`s, takes `widget.reset`, and removes the widget when stopped.
 */
export type WidgetCallback = CallbackLogicFunction<WidgetCommand, WidgetEvent, WidgetInput>

export interface TurnstileService {
  /** The widget of a form whose token is for `action`, drawn in `container` (read when it is drawn). */
  widget(action: TurnstileAction, container: () => HTMLElement | null): WidgetCallback
}

/** Unset site key: no widget, no script, and every form sends without a token. */
export const noTurnstile: TurnstileService = {
  widget:
    () =>
    ({ sendBack }) =>
      sendBack({ type: 'widget.off' }),
}

/**
 * The bot check's widget as the page's services hold it. Its code is its own chunk, fetched when
 * a widget actor first starts (the visitor's first touch of a form), so no page pays for it
 * before. The actor draws the widget, passes on what it does, and removes it when it stops.
 */
export function lazyTurnstile(settings: { siteKey: string; scriptUrl: string }): TurnstileService {
  let turnstile: Promise<Turnstile> | undefined
  const load = () => (turnstile ??= import('./turnstile').then((module) => module.createTurnstile(settings)))
  return {
    widget:
      (action, container) =>
      ({ input, sendBack, receive }) => {
        let stopped = false
        const tell = (event: WidgetEvent) => void (stopped || sendBack(event))
        // A chunk that fails to load counts as a blocked widget.
        const drawn = load()
          .then((loaded) => loaded.draw({ action, container, appearance: input.appearance }, tell))
          .catch(() => void tell({ type: 'widget.blocked' }))
        receive(() => void drawn.then((widget) => widget?.reset()))
        return () => {
          stopped = true
          void drawn.then((widget) => widget?.remove())
        }
      },
  }
}
