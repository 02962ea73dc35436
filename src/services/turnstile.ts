import type { TurnstileAction, WidgetAppearance, WidgetEvent } from '@/schemas/bot-check'

/** The part of Cloudflare's `window.turnstile` the site uses (explicit rendering). */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | null | undefined
  reset(widgetId: string): void
  remove(widgetId: string): void
}

export interface TurnstileRenderOptions {
  sitekey: string
  action: TurnstileAction
  /** 'interaction-only' first; 'always' when no token came and the visitor is asked to take the check. */
  appearance: WidgetAppearance
  callback: (token: string) => void
  'expired-callback': () => void
  'error-callback': () => boolean
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

/** One drawn widget: a new token after one was taken, and gone when its form no longer needs it. */
export interface DrawnWidget {
  reset(): void
  remove(): void
}

/** What the widget actor (turnstile-lazy.ts) asks of this chunk: draw one widget and report what it does. */
export interface Turnstile {
  draw(
    place: { action: TurnstileAction; container: () => HTMLElement | null; appearance: WidgetAppearance },
    tell: (event: WidgetEvent) => void,
  ): Promise<DrawnWidget | undefined>
}

/** Adds the widget's script to the page; a privacy extension that blocks it makes this reject. */
export function loadTurnstileScript(src: string): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile: no API in its script')))
    script.onerror = () => reject(new Error('turnstile: script blocked or failed'))
    document.head.append(script)
  })
}

/**
 * Cloudflare's widget, drawn explicitly. The script is added once for every form, when the first
 * widget is drawn; what each widget does is told to its actor, which holds the state.
 */
export function createTurnstile({
  siteKey,
  scriptUrl,
  load = loadTurnstileScript,
}: {
  siteKey: string
  scriptUrl: string
  load?: (src: string) => Promise<TurnstileApi>
}): Turnstile {
  let api: Promise<TurnstileApi | undefined> | undefined
  // A blocked script is remembered as "no widget": the forms go on without a token.
  const loadOnce = () => (api ??= load(scriptUrl).catch(() => undefined))

  return {
    async draw({ action, container, appearance }, tell) {
      const turnstile = await loadOnce()
      if (!turnstile) return void tell({ type: 'widget.blocked' })
      const element = container()
      if (!element) return void tell({ type: 'widget.failed' })
      let id: string | null | undefined
      try {
        id = turnstile.render(element, {
          sitekey: siteKey,
          action,
          appearance,
          callback: (token) => tell({ type: 'widget.token', token }),
          'expired-callback': () => tell({ type: 'widget.expired' }),
          // Handled here (the form offers the check again), so the widget logs no error of its own.
          'error-callback': () => {
            tell({ type: 'widget.failed' })
            return true
          },
        })
      } catch {
        id = undefined
      }
      if (!id) return void tell({ type: 'widget.failed' })
      const widgetId = id
      return { reset: () => turnstile.reset(widgetId), remove: () => turnstile.remove(widgetId) }
    },
  }
}
