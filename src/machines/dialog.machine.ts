import { setup } from 'xstate'

export type DialogEvent = { type: 'dialog.open' } | { type: 'dialog.close' }

/** Open/closed state of one modal: the Congrats dialog, the Book-a-call modal, the plan modal, the header's Join Us dialog (which starts open). */
export const dialogMachine = setup({
  types: {
    events: {} as DialogEvent,
  },
}).createMachine({
  id: 'dialog',
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': { target: 'open' } },
    },
    open: {
      on: { 'dialog.close': { target: 'closed' } },
    },
  },
})
