import { useCallback, useEffect, useRef, useState } from 'react'
import { useRouteContext } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { onFirstTouch, type TurnstileAction } from '@/services/turnstile'

/**
 * How long a submission waits for a token still coming: briefly for a lead (a lead is never held
 * back by the widget), longer where the function refuses or downgrades a request without one.
 */
const TOKEN_WAIT_MS: Record<TurnstileAction, number> = { lead: 2_500, check: 10_000, reply: 10_000, registration: 10_000 }

/**
 * A form's bot check: `watch` goes on the element the visitor touches first (its first focus,
 * press or input loads the widget, never the page load), `slot` is where the widget draws when
 * Cloudflare asks the visitor to interact, and `takeToken` is the machine's actor.
 */
export function useTurnstile(action: TurnstileAction) {
  const { services } = useRouteContext({ from: '__root__' })
  const [widget] = useState(() => services.turnstile.widget(action))
  const [takeToken] = useState(() => fromPromise<string | undefined>(() => widget.take(TOKEN_WAIT_MS[action])))
  useEffect(() => () => widget.release(), [widget])
  const stopWatching = useRef(() => {})
  const watch = useCallback(
    (element: HTMLElement | null) => {
      stopWatching.current()
      stopWatching.current = element ? onFirstTouch(element, widget.prepare) : () => {}
    },
    [widget],
  )
  const attach = useCallback((element: HTMLDivElement | null) => widget.attach(element), [widget])
  return { takeToken, watch, slot: <div ref={attach} className="empty:hidden" /> }
}
