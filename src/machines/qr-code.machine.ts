import { assign, fromPromise, setup } from 'xstate'

export interface QrCodeContext {
  text: string
  /** A PNG data URL once drawn. */
  image: string | null
}

/** Draws a QR code of `text` (the drawing library is loaded by the injected actor, on demand). */
export const qrCodeMachine = setup({
  types: { input: {} as { text: string }, context: {} as QrCodeContext },
  actors: {
    drawQr: fromPromise<string, { text: string }>(async () => {
      throw new Error('drawQr not provided')
    }),
  },
  actions: {
    keepImage: assign((_, image: string) => ({ image })),
  },
}).createMachine({
  id: 'qrCode',
  context: ({ input }) => ({ text: input.text, image: null }),
  initial: 'drawing',
  states: {
    drawing: {
      invoke: {
        src: 'drawQr',
        input: ({ context }) => ({ text: context.text }),
        onDone: { target: 'ready', actions: { type: 'keepImage', params: ({ event }) => event.output } },
        onError: { target: 'failed' },
      },
    },
    ready: {},
    failed: {},
  },
})
