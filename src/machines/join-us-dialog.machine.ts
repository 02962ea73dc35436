import { setup } from 'xstate'
import type { DialogEvent } from './dialog.machine'

/**
 * The header's Join Us dialog. It mounts on the visitor's first activation, so it starts open; once
 * closed it stays mounted (the Congrats of a lead sent from it follows it) and opens again on request.
 */
export const joinUsDialogMachine = setup({
  types: {
    events: {} as DialogEvent,
  },
}).createMachine({
  id: 'joinUsDialog',
  initial: 'open',
  states: {
    open: {
      on: { 'dialog.close': { target: 'closed' } },
    },
    closed: {
      on: { 'dialog.open': { target: 'open' } },
    },
  },
})
