import { assign, fromPromise, setup } from 'xstate'
import type { ConfirmRequest, ConfirmResult } from '@/schemas/email-confirmation'

export type EmailConfirmationEvent = { type: 'confirm' } | { type: 'link.request' } | { type: 'retry' }
export type EmailConfirmationContext = { token: string | null; lastRequest: ConfirmRequest | null }

const isResult =
  (result: ConfirmResult) =>
  ({ event }: { event: { output: ConfirmResult } }) =>
    event.output === result

/**
 * The /confirm page: the token comes from the link's URL, and nothing is sent until the registrant
 * presses the button (mail scanners open links; only a POST confirms). Expired offers a new link;
 * a failed post can be tried again.
 */
export const emailConfirmationMachine = setup({
  types: {
    context: {} as EmailConfirmationContext,
    events: {} as EmailConfirmationEvent,
    input: {} as { token: string | null },
  },
  actors: {
    postConfirmation: fromPromise<ConfirmResult, ConfirmRequest>(async () => {
      throw new Error('postConfirmation not provided')
    }),
  },
  guards: { hasToken: ({ context }) => Boolean(context.token) },
}).createMachine({
  id: 'emailConfirmation',
  context: ({ input }) => ({ token: input.token?.trim() || null, lastRequest: null }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasToken', target: 'ready' }, { target: 'invalid' }] },
    ready: {
      on: { confirm: { target: 'posting', actions: assign({ lastRequest: ({ context }) => ({ token: context.token! }) }) } },
    },
    posting: {
      invoke: {
        src: 'postConfirmation',
        input: ({ context }) => context.lastRequest!,
        onDone: [
          { guard: isResult('confirmed'), target: 'confirmed' },
          { guard: isResult('already-confirmed'), target: 'alreadyConfirmed' },
          { guard: isResult('expired'), target: 'expired' },
          { guard: isResult('new-link-sent'), target: 'linkSent' },
          { guard: isResult('new-link-limited'), target: 'linkLimited' },
          { guard: isResult('invalid'), target: 'invalid' },
          { target: 'failed' },
        ],
        onError: { target: 'failed' },
      },
    },
    expired: {
      on: {
        'link.request': { target: 'posting', actions: assign({ lastRequest: ({ context }) => ({ token: context.token!, resend: true }) }) },
      },
    },
    failed: { on: { retry: { target: 'posting' } } },
    confirmed: { type: 'final' },
    alreadyConfirmed: { type: 'final' },
    linkSent: { type: 'final' },
    linkLimited: { type: 'final' },
    invalid: { type: 'final' },
  },
})
