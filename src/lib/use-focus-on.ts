import { useEffect, useRef } from 'react'
import type { EventObject, Subscription } from 'xstate'
import { moveFocus } from './move-focus'

type Emitter<TEvent extends EventObject> = { on: (type: TEvent['type'], handler: (event: TEvent) => void) => Subscription }

/**
 * Focus follows what a machine emits (a refused submit): when `actor` emits `type`, focus moves to
 * what `target` finds. It looks once the page shows the change (after React has rendered the errors),
 * so a screen reader lands on a field already marked invalid and reads its message.
 */
export function useFocusOn<TEvent extends EventObject>(
  actor: Emitter<TEvent>,
  type: TEvent['type'],
  target: (event: TEvent) => Element | null | undefined,
) {
  const latestTarget = useRef(target)
  useEffect(() => {
    latestTarget.current = target
  })
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const subscription = actor.on(type, (event) => {
      clearTimeout(timer)
      timer = setTimeout(() => moveFocus(latestTarget.current(event)))
    })
    return () => {
      clearTimeout(timer)
      subscription.unsubscribe()
    }
  }, [actor, type])
}
