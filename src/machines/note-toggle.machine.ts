import { setup } from 'xstate'

export type NoteToggleEvent = { type: 'note.add' } | { type: 'note.remove' }

/**
 * Whether the optional note of the veterinary lead form is shown. The note's text belongs to the
 * lead form; removing the note runs `clearNote`, which the page provides to empty it there.
 */
export const noteToggleMachine = setup({
  types: {
    events: {} as NoteToggleEvent,
  },
  actions: {
    clearNote: () => {},
  },
}).createMachine({
  id: 'noteToggle',
  initial: 'hidden',
  states: {
    hidden: {
      // A note typed before hydration is shown while the toggle is still hidden: removing it clears it.
      on: { 'note.add': { target: 'shown' }, 'note.remove': { actions: 'clearNote' } },
    },
    shown: {
      on: { 'note.remove': { target: 'hidden', actions: 'clearNote' } },
    },
  },
})
