import { fromPromise, setup } from 'xstate'

export type CopyLinkEvent = { type: 'link.copy'; text: string }

/** Copying a link to the clipboard; the status a live region reads out comes from the state. */
export const copyLinkMachine = setup({
  types: { events: {} as CopyLinkEvent },
  actors: {
    writeClipboard: fromPromise<void, { text: string }>(async () => {
      throw new Error('writeClipboard not provided')
    }),
  },
  delays: { statusShown: 5_000 },
}).createMachine({
  id: 'copyLink',
  initial: 'idle',
  on: { 'link.copy': { target: '.copying' } },
  states: {
    idle: {},
    copying: {
      invoke: {
        src: 'writeClipboard',
        input: ({ event }) => ({ text: event.text }),
        onDone: { target: 'copied' },
        onError: { target: 'failed' },
      },
    },
    copied: { after: { statusShown: 'idle' } },
    failed: {},
  },
})
