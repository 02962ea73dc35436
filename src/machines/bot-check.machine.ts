import { assign, fromPromise, setup } from 'xstate'
import type { TokenTake } from '@/schemas/bot-check'

/**
 * The check's end: the token to send, or why there is none: 'off' (nothing is checked), 'blocked'
 * (the widget never loaded), 'skipped' (the visitor chose to send without it).
 */
export type BotCheckOutput = { token?: string; missing?: 'off' | 'blocked' | 'skipped' }

/** The visitor's answers to a visible check, sent to the form's machine, which passes them on. */
export type BotCheckEvent = { type: 'botCheck.retry' } | { type: 'botCheck.skip' }

/** `canSkip`: the form's function takes a request without a token (a lead, a registration, kept as unverified). */
export type BotCheckInput = { canSkip: boolean }

type Context = BotCheckInput & BotCheckOutput

/**
 * Every form's bot check is this one actor: its machine invokes it with this id in its `verifying`
 * state and forwards the visitor's `botCheck.*` events to it (`forwardTo(BOT_CHECK_ID)`).
 */
export const BOT_CHECK_ID = 'botCheck'

export const botCheckMachine = setup({
  types: {
    input: {} as BotCheckInput,
    context: {} as Context,
    events: {} as BotCheckEvent,
    output: {} as BotCheckOutput,
  },
  actors: {
    /** The invisible ('interaction-only') widget's token, waited for a while. */
    takeToken: fromPromise<TokenTake>(async () => {
      throw new Error('takeToken not provided')
    }),
    /** The widget drawn again for the visitor to see and take; settles once it gives a token or fails. */
    showChallenge: fromPromise<TokenTake>(async () => {
      throw new Error('showChallenge not provided')
    }),
  },
  actions: {
    keep: assign((_, take: TokenTake) =>
      'token' in take ? { token: take.token } : { missing: take.missing === 'off' ? 'off' : 'blocked' },
    ),
    skip: assign({ missing: 'skipped' as const }),
  },
  guards: {
    canSkip: ({ context }) => context.canSkip,
    gaveToken: (_, take: TokenTake) => 'token' in take,
    /** The widget is there but gave nothing: the visitor can take it visibly. */
    failed: (_, take: TokenTake) => 'missing' in take && take.missing === 'failed',
  },
}).createMachine({
  id: 'botCheck',
  context: ({ input }) => ({ canSkip: input.canSkip }),
  initial: 'taking',
  states: {
    taking: {
      invoke: {
        src: 'takeToken',
        onDone: [
          {
            guard: { type: 'gaveToken', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'keep', params: ({ event }) => event.output },
          },
          { guard: { type: 'failed', params: ({ event }) => event.output }, target: 'challenge' },
          { target: 'done', actions: { type: 'keep', params: ({ event }) => event.output } },
        ],
        onError: { target: 'done', actions: { type: 'keep', params: { missing: 'blocked' } } },
      },
    },
    /** Shown: what happened, the widget to take, Try again and (where the form takes it) Send without it. */
    challenge: {
      initial: 'showing',
      on: {
        'botCheck.retry': { target: '.showing', reenter: true },
        'botCheck.skip': { guard: 'canSkip', target: 'done', actions: 'skip' },
      },
      states: {
        showing: {
          invoke: {
            src: 'showChallenge',
            onDone: [
              {
                guard: { type: 'gaveToken', params: ({ event }) => event.output },
                target: '#botCheck.done',
                actions: { type: 'keep', params: ({ event }) => event.output },
              },
              { target: 'failed' },
            ],
            onError: { target: 'failed' },
          },
        },
        failed: {},
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => (context.token ? { token: context.token } : { missing: context.missing }),
})

/** Whether the function will take the request as from a person: a token to check, or no check at all. */
export const mayBeVerified = (output: BotCheckOutput) => output.token !== undefined || output.missing === 'off'
