/** Where each form's token is checked: the function that acts verifies the action it was made for. */
export type TurnstileAction = 'lead' | 'check' | 'reply' | 'registration'

/** The part of Cloudflare's `window.turnstile` the site uses (explicit rendering). */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | null | undefined
  reset(widgetId: string): void
  remove(widgetId: string): void
}

export interface TurnstileRenderOptions {
  sitekey: string
  action: TurnstileAction
  appearance: 'interaction-only'
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
   * A token for one submission, waiting at most `waitMs` for it; undefined when none came (script
   * blocked, challenge failed, no site key). Tokens are single-use, so the widget then makes a new one.
   */
  take(waitMs: number): Promise<string | undefined>
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
      let failed = false
      const waiting = new Set<() => void>()
      const wake = () => {
        for (const resume of waiting) resume()
        waiting.clear()
      }
      const fail = (): undefined => {
        failed = true
        wake()
        return undefined
      }

      const render = async () => {
        const turnstile = await loadOnce()
        const element = container
        if (!turnstile || !element) return fail()
        try {
          const id = turnstile.render(element, {
            sitekey: siteKey,
            action,
            appearance: 'interaction-only',
            callback: (issued) => {
              token = issued
              failed = false
              wake()
            },
            'expired-callback': () => {
              token = undefined
            },
            // Handled here (the form goes on without a token), so the widget logs no error of its own.
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
      const prepare = () => (rendered ??= render())

      return {
        attach: (element) => void (container = element),
        prepare: () => void prepare(),
        async take(waitMs) {
          const widget = prepare()
          if (token === undefined && !failed) {
            let timer: ReturnType<typeof setTimeout> | undefined
            await Promise.race([
              new Promise<void>((resume) => waiting.add(resume)),
              new Promise<void>((resume) => (timer = setTimeout(resume, waitMs))),
            ])
            clearTimeout(timer)
          }
          const taken = token
          token = undefined
          if (taken !== undefined) {
            const live = await widget
            live?.turnstile.reset(live.id)
          }
          return taken
        },
        release() {
          const widget = rendered
          rendered = undefined
          token = undefined
          failed = false
          void widget?.then((live) => live?.turnstile.remove(live.id))
        },
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
