import { assign, fromCallback, fromPromise, raise, sendParent, sendTo, setup, type SnapshotFrom } from 'xstate'
import type { WidgetAppearance, WidgetCommand, WidgetEvent, WidgetInput } from '@/schemas/bot-check'

/**
 * The check's end: the token to send, or why there is none: 'off' (nothing is checked), 'blocked'
 * (the widget never loaded), 'skipped' (the visitor chose to send without it).
 */
export type BotCheckOutput = { token?: string; missing?: 'off' | 'blocked' | 'skipped' }

/** The visitor's answers to a visible check, sent to the form's machine, which passes them on. */
export type BotCheckEvent = { type: 'botCheck.retry' } | { type: 'botCheck.skip' }

/** What the form asks of its bot check: a token for this submission, or never mind (it left `verifying`). */
export type BotCheckRequest = { type: 'botCheck.take' } | { type: 'botCheck.cancel' }

/** The bot check's answer to `botCheck.take`, sent to the form's machine. */
export type BotCheckDone = { type: 'botCheck.done'; output: BotCheckOutput }

/** `canSkip`: the form's function takes a request without a token (a lead, a registration, kept as unverified). */
export type BotCheckInput = { canSkip: boolean }

type Context = BotCheckInput & { token?: string; appearance: WidgetAppearance }

/** The form's machine holds its bot check under this id for as long as the form is on the page. */
export const BOT_CHECK_ID = 'botCheck'

/**
 * Every form's bot check, one actor for the form's life: it waits for the visitor's first touch,
 * then runs the widget (an injected callback actor, `widget`), holds its token until a submission
 * takes it (a taken token is spent, so the widget makes a new one), drops it when it expires, and
 * when no token comes in time, or the widget failed, draws it again visibly for the visitor, with
 * Try again and, where the form allows it, Send without the check. The form asks with
 * `botCheck.take` from its shared `verifying` state (`verifyingState`) and hears `botCheck.done`.
 */
export const botCheckMachine = setup({
  types: {
    input: {} as BotCheckInput,
    context: {} as Context,
    events: {} as BotCheckEvent | BotCheckRequest | WidgetEvent | { type: 'botCheck.show' },
  },
  actors: {
    /** Settles on the visitor's first focus, press or input in the form (the page provides it). */
    firstTouch: fromPromise<void>(() => new Promise<never>(() => {})),
    /** The widget on the page (the page provides Turnstile's); without one, nothing is checked. */
    widget: fromCallback<WidgetCommand, WidgetInput>(({ sendBack }) => sendBack({ type: 'widget.off' } satisfies WidgetEvent)),
  },
  delays: {
    /** How long a submission waits for the invisible widget's token before the check is shown. */
    tokenWait: 10_000,
  },
  actions: {
    answer: sendParent((_, output: BotCheckOutput) => ({ type: 'botCheck.done', output }) satisfies BotCheckDone),
    keep: assign((_, token: string) => ({ token })),
    drop: assign({ token: undefined }),
    /** The taken token is spent: the widget makes the next one. */
    renew: sendTo('widget', { type: 'widget.reset' } satisfies WidgetCommand),
    show: raise({ type: 'botCheck.show' }),
  },
  guards: {
    canSkip: ({ context }) => context.canSkip,
  },
}).createMachine({
  id: 'botCheck',
  context: ({ input }) => ({ canSkip: input.canSkip, appearance: 'interaction-only' }),
  initial: 'untouched',
  states: {
    untouched: {
      invoke: { src: 'firstTouch', onDone: 'live' },
      // A submission before any touch (a shared /check link) starts the widget itself.
      on: { 'botCheck.take': 'live.taking' },
    },
    live: {
      invoke: { id: 'widget', src: 'widget', input: ({ context }) => ({ appearance: context.appearance }) },
      // Drawn again, visibly, in the same slot: the widget actor restarts with the new appearance.
      on: { 'botCheck.show': { target: '.showing', reenter: true, actions: [assign({ appearance: 'always' }), 'drop'] } },
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'widget.token': { target: 'holding', actions: { type: 'keep', params: ({ event }) => event.token } },
            'widget.failed': 'failed',
            'widget.blocked': 'blocked',
            'widget.off': 'off',
            'botCheck.take': 'taking',
          },
        },
        holding: {
          on: {
            'widget.token': { actions: { type: 'keep', params: ({ event }) => event.token } },
            'widget.expired': { target: 'waiting', actions: 'drop' },
            'botCheck.take': {
              target: 'waiting',
              actions: [{ type: 'answer', params: ({ context }) => ({ token: context.token }) }, 'drop', 'renew'],
            },
          },
        },
        /** A submission waits, a while, for the token. */
        taking: {
          after: { tokenWait: { actions: 'show' } },
          on: {
            'widget.token': { target: 'waiting', actions: [{ type: 'answer', params: ({ event }) => ({ token: event.token }) }, 'renew'] },
            'widget.failed': { actions: 'show' },
            'widget.blocked': { target: 'blocked', actions: { type: 'answer', params: { missing: 'blocked' } } },
            'widget.off': { target: 'off', actions: { type: 'answer', params: { missing: 'off' } } },
            'botCheck.cancel': 'waiting',
          },
        },
        /** The widget failed before any submission: the next one shows the check at once. */
        failed: {
          on: {
            'widget.token': { target: 'holding', actions: { type: 'keep', params: ({ event }) => event.token } },
            'botCheck.take': { actions: 'show' },
          },
        },
        blocked: { on: { 'botCheck.take': { actions: { type: 'answer', params: { missing: 'blocked' } } } } },
        off: { on: { 'botCheck.take': { actions: { type: 'answer', params: { missing: 'off' } } } } },
        /** Shown: what happened, the widget to take, Try again and (where the form takes it) Send without it. */
        showing: {
          on: {
            'widget.token': { target: 'waiting', actions: [{ type: 'answer', params: ({ event }) => ({ token: event.token }) }, 'renew'] },
            'widget.failed': 'showFailed',
            'widget.blocked': 'showFailed',
            'botCheck.retry': { actions: 'show' },
            'botCheck.skip': { guard: 'canSkip', target: 'waiting', actions: { type: 'answer', params: { missing: 'skipped' } } },
            'botCheck.cancel': 'waiting',
          },
        },
        /** The visible check did not work either: Try again draws it afresh. */
        showFailed: {
          on: {
            'botCheck.retry': { actions: 'show' },
            'botCheck.skip': { guard: 'canSkip', target: 'failed', actions: { type: 'answer', params: { missing: 'skipped' } } },
            'botCheck.cancel': 'failed',
          },
        },
      },
    },
  },
})

/** The check as the page shows it: null while nothing is asked of the visitor. */
export const shownPhase = (snapshot: SnapshotFrom<typeof botCheckMachine> | undefined): 'showing' | 'failed' | null =>
  !snapshot ? null : snapshot.matches({ live: 'showing' }) ? 'showing' : snapshot.matches({ live: 'showFailed' }) ? 'failed' : null

/** Whether the function will take the request as from a person: a token to check, or no check at all. */
export const mayBeVerified = (output: BotCheckOutput) => output.token !== undefined || output.missing === 'off'
