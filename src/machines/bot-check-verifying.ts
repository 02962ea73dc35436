import { forwardTo, sendTo, type AnyActorRef, type EventObject, type MachineContext } from 'xstate'
import { BOT_CHECK_ID, mayBeVerified, type BotCheckDone, type BotCheckInput, type BotCheckRequest } from './bot-check.machine'

/**
 * The form's bot check, held for the form's life (the widget is drawn on the visitor's first touch,
 * long before a submission): `invoke: botCheckChild({ canSkip })` at the machine's root.
 */
export const botCheckChild = (input: BotCheckInput) => ({ id: BOT_CHECK_ID, src: 'botCheck', input }) as const

type Done = { event: BotCheckDone }
const output = ({ event }: Done) => event.output

/**
 * The one `verifying` state of every form: it asks the bot check for a token on entry, passes the
 * visitor's Try again and Send without the check on, and goes to `next` with the answer
 * (`keepToken`, the form's own action, stores it). Where the function refuses a request without a
 * token (/check, /reply), an answer that cannot be verified takes `unverified` instead. Leaving
 * the state any other way withdraws the request, so a check shown for it goes away.
 */
export function verifyingState<TContext extends MachineContext, TEvent extends EventObject, TUnverified extends object = object>({
  next,
  unverified,
}: {
  next: string
  unverified?: TUnverified
}) {
  // The form's own context and events, so the actions fit its machine.
  const send = (event: BotCheckRequest) => sendTo<TContext, TEvent, undefined, AnyActorRef, TEvent>(BOT_CHECK_ID, event)
  const pass = () => ({ actions: forwardTo<TContext, TEvent, undefined, TEvent>(BOT_CHECK_ID) })
  const go = { target: next, actions: { type: 'keepToken', params: output } } as const
  return {
    entry: send({ type: 'botCheck.take' }),
    exit: send({ type: 'botCheck.cancel' }),
    on: {
      'botCheck.done': unverified ? [{ ...go, guard: (args: Done) => mayBeVerified(output(args)) }, unverified] : go,
      'botCheck.retry': pass(),
      'botCheck.skip': pass(),
    },
  }
}
