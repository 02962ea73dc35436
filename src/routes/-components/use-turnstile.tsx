import { useCallback, useRef, useState } from 'react'
import { useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { fromCallback, fromPromise, type ActorRefFrom, type AnyActorRef } from 'xstate'
import { onFirstTouch } from '@/lib/first-touch'
import type { TurnstileAction } from '@/schemas/bot-check'
import { BOT_CHECK_ID, botCheckMachine, shownPhase } from '@/machines/bot-check.machine'
import { botCheckCopy, skipMeans } from '@/content/bot-check'
import { BotCheckNotice } from '@/ui/forms/bot-check-notice'
import { CallUs } from '@/ui/lead-form/call-us'

/**
 * How long a submission waits for the invisible widget's token before it shows the check: briefly
 * for a lead (a lead is never held back long), longer where the function refuses or downgrades a
 * request without one.
 */
const TOKEN_WAIT_MS: Record<TurnstileAction, number> = { lead: 2_500, check: 10_000, reply: 10_000, registration: 10_000 }

type BotCheckRef = ActorRefFrom<typeof botCheckMachine>
/** The form's machine: it holds the bot check as its child and forwards `botCheck.*` while verifying. */
type FormActor = AnyActorRef

/** The widget's place in the page, and the check made visible there when no token came. */
function BotCheckSlot({
  form,
  action,
  attach,
}: {
  form: FormActor
  action: TurnstileAction
  attach: (element: HTMLDivElement | null) => void
}) {
  const check = useSelector(form, (snapshot) => snapshot.children[BOT_CHECK_ID] as BotCheckRef | undefined)
  const phase = useSelector(check, shownPhase)
  return (
    <BotCheckNotice
      phase={phase}
      text={botCheckCopy}
      skipMeans={skipMeans[action]}
      callUs={<CallUs />}
      onRetry={() => form.send({ type: 'botCheck.retry' })}
      onSkip={() => form.send({ type: 'botCheck.skip' })}
      widget={<div ref={attach} className="empty:hidden" />}
    />
  )
}

/**
 * A form's bot check on the page: `botCheck` is the actor its machine holds (the one bot check
 * machine over this page's widget), `watch` goes on the element the visitor touches first (its
 * first focus, press or input starts the widget, never the page load), and `slot(form)` is where
 * the widget draws, and where the check is shown when no token came.
 */
export function useTurnstile(action: TurnstileAction) {
  const { services } = useRouteContext({ from: '__root__' })
  // The page's side of the actor: the slot the widget draws in, and the form's first touch.
  const [page] = useState(() => {
    let slot: HTMLDivElement | null = null
    let touched = () => {}
    const firstTouch = new Promise<void>((settle) => (touched = settle))
    return {
      slot: () => slot,
      attach: (element: HTMLDivElement | null) => void (slot = element),
      firstTouch,
      touched: () => touched(),
    }
  })
  const [botCheck] = useState(() =>
    botCheckMachine.provide({
      actors: {
        firstTouch: fromPromise(() => page.firstTouch),
        widget: fromCallback(services.turnstile.widget(action, page.slot)),
      },
      delays: { tokenWait: TOKEN_WAIT_MS[action] },
    }),
  )
  const stopWatching = useRef(() => {})
  const watch = useCallback(
    (element: HTMLElement | null) => {
      stopWatching.current()
      stopWatching.current = element ? onFirstTouch(element, page.touched) : () => {}
    },
    [page],
  )
  const slot = (form: FormActor) => <BotCheckSlot form={form} action={action} attach={page.attach} />
  return { botCheck, watch, slot }
}
