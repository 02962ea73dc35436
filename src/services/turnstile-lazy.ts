import type { TokenTake, TurnstileAction } from '@/schemas/bot-check'
import type { TurnstileService, TurnstileWidget } from './turnstile'

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
/** Mock mode's same-origin stand-in (mocks/turnstile-stand-in.js), copied into the build's root. */
export const TURNSTILE_STAND_IN_URL = '/turnstile-stand-in.js'

const nothing = () => {}
const off = (): Promise<TokenTake> => Promise.resolve({ missing: 'off' })
const blocked = (): TokenTake => ({ missing: 'blocked' })
const unconfigured: TurnstileWidget = { attach: nothing, prepare: nothing, take: off, challenge: off, release: nothing }

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
      const whenLoaded = (call: (loaded: TurnstileWidget) => void) => void widget.then(call, nothing)
      const ask = (call: (loaded: TurnstileWidget) => Promise<TokenTake>) => widget.then(call).catch(blocked)
      return {
        attach: (element) => whenLoaded((loaded) => loaded.attach(element)),
        prepare: () => whenLoaded((loaded) => loaded.prepare()),
        take: (waitMs) => ask((loaded) => loaded.take(waitMs)),
        challenge: () => ask((loaded) => loaded.challenge()),
        release: () => whenLoaded((loaded) => loaded.release()),
      }
    },
  }
}
