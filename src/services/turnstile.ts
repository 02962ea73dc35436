import type { TokenTake, TurnstileAction } from '@/schemas/bot-check'

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
  appearance: 'interaction-only' | 'always'
  callback: (token: string) => void
  'expired-callback': () => void
  'error-callback': () => boolean
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

export interface TurnstileWidget {
  /** Where the widget draws (shown only when Cloudflare asks the visitor to interact); null when it leaves the page. */
  attach(container: HTMLElement | null): void
  /** The visitor touched the form: load the script and render the widget, once. */
  prepare(): void
  /**
   * A token for one submission, waiting at most `waitMs` for it, or why none came. Tokens are
   * single-use, so the widget then makes a new one.
   */
  take(waitMs: number): Promise<TokenTake>
  /** The widget drawn again, visibly ('always'), for the visitor to take; waits until it gives a token or fails. */
  challenge(): Promise<TokenTake>
  /** The form left the page: its widget goes with it (and is rendered again if it comes back). */
  release(): void
}

export interface TurnstileService {
  widget(action: TurnstileAction): TurnstileWidget
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

export function createTurnstileService({
  siteKey,
  scriptUrl,
  load = loadTurnstileScript,
}: {
  siteKey: string
  scriptUrl: string
  load?: (src: string) => Promise<TurnstileApi>
}): TurnstileService {
  let api: Promise<TurnstileApi | undefined> | undefined
  // A blocked script is remembered as "no widget": the forms go on without a token.
  const loadOnce = () => (api ??= load(scriptUrl).catch(() => undefined))

  return {
    widget(action) {
      let container: HTMLElement | null = null
      let rendered: Promise<{ turnstile: TurnstileApi; id: string } | undefined> | undefined
      let token: string | undefined
      let missing: 'blocked' | 'failed' | undefined
      const waiting = new Set<() => void>()
      const wake = () => {
        for (const resume of waiting) resume()
        waiting.clear()
      }
      const fail = (why: 'blocked' | 'failed' = 'failed'): undefined => {
        missing = why
        wake()
        return undefined
      }

      const render = async (appearance: TurnstileRenderOptions['appearance']) => {
        const turnstile = await loadOnce()
        const element = container
        if (!turnstile) return fail('blocked')
        if (!element) return fail()
        try {
          const id = turnstile.render(element, {
            sitekey: siteKey,
            action,
            appearance,
            callback: (issued) => {
              token = issued
              missing = undefined
              wake()
            },
            'expired-callback': () => {
              token = undefined
            },
            // Handled here (the form offers the check again), so the widget logs no error of its own.
            'error-callback': () => {
              fail()
              return true
            },
          })
          return id ? { turnstile, id } : fail()
        } catch {
          return fail()
        }
      }
      const prepare = () => (rendered ??= render('interaction-only'))

      const taken = async (widget: typeof rendered): Promise<TokenTake> => {
        const given = token
        token = undefined
        if (given === undefined) return { missing: missing ?? 'failed' }
        const live = await widget
        live?.turnstile.reset(live.id)
        return { token: given }
      }
      const until = (waitMs?: number) => {
        if (token !== undefined || missing) return Promise.resolve()
        let timer: ReturnType<typeof setTimeout> | undefined
        const woken = new Promise<void>((resume) => waiting.add(resume))
        if (waitMs === undefined) return woken
        return Promise.race([woken, new Promise<void>((resume) => (timer = setTimeout(resume, waitMs)))]).finally(() => clearTimeout(timer))
      }
      const remove = () => {
        const widget = rendered
        rendered = undefined
        token = undefined
        missing = undefined
        void widget?.then((live) => live?.turnstile.remove(live.id))
      }

      return {
        attach: (element) => void (container = element),
        prepare: () => void prepare(),
        async take(waitMs) {
          const widget = prepare()
          await until(waitMs)
          return taken(widget)
        },
        async challenge() {
          remove()
          const widget = (rendered = render('always'))
          await until()
          return taken(widget)
        },
        release: remove,
      }
    },
  }
}

const TOUCHES = ['focusin', 'pointerdown', 'input'] as const

/** Calls `touched` once, on the first focus, press or input inside `form` (at once if it already holds the focus). */
export function onFirstTouch(form: HTMLElement, touched: () => void): () => void {
  const stop = () => TOUCHES.forEach((type) => form.removeEventListener(type, handle, true))
  function handle() {
    stop()
    touched()
  }
  if (form.contains(document.activeElement) && document.activeElement !== document.body) {
    touched()
    return () => {}
  }
  TOUCHES.forEach((type) => form.addEventListener(type, handle, true))
  return stop
}
