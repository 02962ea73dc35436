import { useCallback, useEffect, useRef, useState } from 'react'
import { useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { fromPromise, type ActorRefFrom, type AnyActorRef } from 'xstate'
import { onFirstTouch } from '@/services/turnstile'
import type { TurnstileAction } from '@/schemas/bot-check'
import { BOT_CHECK_ID, botCheckMachine } from '@/machines/bot-check.machine'
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
/** The form's machine: its snapshot holds the bot check while it runs, and it forwards `botCheck.*`. */
type FormActor = AnyActorRef

const phaseOf = (snapshot: ReturnType<BotCheckRef['getSnapshot']> | undefined) =>
  !snapshot || !snapshot.matches('challenge') ? null : snapshot.matches({ challenge: 'failed' }) ? 'failed' : 'showing'

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
  const phase = useSelector(check, phaseOf)
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
 * A form's bot check: `watch` goes on the element the visitor touches first (its first focus,
 * press or input loads the widget, never the page load), `botCheck` is the machine's actor, and
 * `slot(form)` is where the widget draws, and where the check is shown when no token came.
 */
export function useTurnstile(action: TurnstileAction) {
  const { services } = useRouteContext({ from: '__root__' })
  const [widget] = useState(() => services.turnstile.widget(action))
  const [botCheck] = useState(() =>
    botCheckMachine.provide({
      actors: {
        takeToken: fromPromise(() => widget.take(TOKEN_WAIT_MS[action])),
        showChallenge: fromPromise(() => widget.challenge()),
      },
    }),
  )
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
  const slot = (form: FormActor) => <BotCheckSlot form={form} action={action} attach={attach} />
  return { botCheck, watch, slot }
}
