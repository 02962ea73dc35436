import type { TokenTake, TurnstileAction } from '@/schemas/bot-check'
import type { TurnstileService, TurnstileWidget } from './turnstile'

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
/** Mock mode's same-origin stand-in (mocks/turnstile-stand-in.js), copied into the build's root. */
export const TURNSTILE_STAND_IN_URL = '/turnstile-stand-in.js'

const OFF: TokenTake = { missing: 'off' }
const BLOCKED: TokenTake = { missing: 'blocked' }
const unconfigured: TurnstileWidget = {
  attach: () => {},
  prepare: () => {},
  take: () => Promise.resolve(OFF),
  challenge: () => Promise.resolve(OFF),
  release: () => {},
}

/** Unset site key: no widget, no script, and every form sends without a token. */
export const noTurnstile: TurnstileService = { widget: () => unconfigured }

/**
 * The bot check as the page's services hold it: its code is its own chunk, fetched when a form
 * first asks for a widget, so no page pays for it before a visitor touches a form.
 */
export function lazyTurnstile(settings: { siteKey: string; scriptUrl: string }): TurnstileService {
  let service: Promise<TurnstileService> | undefined
  const load = () => (service ??= import('./turnstile').then((module) => module.createTurnstileService(settings)))
  return {
    widget(action: TurnstileAction): TurnstileWidget {
      const widget = load().then((loaded) => loaded.widget(action))
      // A chunk that fails to load counts as a blocked widget.
      const whenLoaded = (call: (loaded: TurnstileWidget) => void) => void widget.then(call, () => {})
      return {
        attach: (element) => whenLoaded((loaded) => loaded.attach(element)),
        prepare: () => whenLoaded((loaded) => loaded.prepare()),
        take: (waitMs) => widget.then((loaded) => loaded.take(waitMs)).catch(() => BLOCKED),
        challenge: () => widget.then((loaded) => loaded.challenge()).catch(() => BLOCKED),
        release: () => whenLoaded((loaded) => loaded.release()),
      }
    },
  }
}
