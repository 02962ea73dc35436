import { fromPromise, setup } from 'xstate'

/** The app's `loadCalendar` resolves once the third-party widget is rendered and ready. */
export type LoadCalendarOutput = void

export const calendarEmbedMachine = setup({
  actors: {
    loadCalendar: fromPromise<LoadCalendarOutput>(async () => {
      throw new Error('loadCalendar not provided')
    }),
  },
  actions: {
    clickSchedule: () => {},
  },
  delays: {
    autoClick: 1000,
    // A third-party script that neither loads nor fails must not leave the visitor waiting forever.
    loadTimeout: 10_000,
  },
}).createMachine({
  id: 'calendarEmbed',
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadCalendar',
        onDone: { target: 'ready' },
        onError: { target: 'failed' },
      },
      after: { loadTimeout: { target: 'failed' } },
    },
    ready: {
      after: {
        autoClick: { target: 'scheduled', actions: 'clickSchedule' },
      },
    },
    scheduled: {},
    failed: {},
  },
})
