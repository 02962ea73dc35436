import { createMachine, fromPromise } from 'xstate'
import { botCheckMachine } from '@/machines/bot-check.machine'
import type { TokenTake } from '@/schemas/bot-check'

/**
 * A bot check whose token is already there: it finishes as it starts, so the form goes straight
 * on within the same event, as it does on the page once the widget has its token. Without a token,
 * the check is off (no site key): the form sends without one.
 */
export const tokenAtOnce = (token?: string) =>
  createMachine({
    initial: 'taken',
    states: { taken: { type: 'final' } },
    output: () => (token ? { token } : { missing: 'off' }),
  }) as unknown as typeof botCheckMachine

/** The real bot check over a fake widget: `take` is the invisible widget's answer, `challenge` the visible one's. */
export const botCheckWith = (take: () => Promise<TokenTake>, challenge: () => Promise<TokenTake> = () => new Promise(() => {})) =>
  botCheckMachine.provide({ actors: { takeToken: fromPromise(take), showChallenge: fromPromise(challenge) } })
