import { assign, fromCallback, fromPromise, setup } from 'xstate'

/** The app's `loadCalendar` resolves once the third-party widget is rendered and ready. */
export type LoadCalendarOutput = void

export type CalendarEmbedEvent = { type: 'calendar.booked'; startTime: string }

export type CalendarEmbedContext = {
  /** When the booked call starts (ISO 8601), once the visitor has booked. */
  bookedStart: string | null
}

export const calendarEmbedMachine = setup({
  types: {
    context: {} as CalendarEmbedContext,
    events: {} as CalendarEmbedEvent,
  },
  actors: {
    loadCalendar: fromPromise<LoadCalendarOutput>(async () => {
      throw new Error('loadCalendar not provided')
    }),
    /** Sends `calendar.booked` for each booking the widget reports (its `bookingSuccessfulV2`); by default none. */
    bookingEvents: fromCallback<CalendarEmbedEvent>(() => {}),
  },
  actions: {
    clickSchedule: () => {},
    callBooked: () => {},
  },
  delays: {
    autoClick: 1000,
    // A third-party script that neither loads nor fails must not leave the visitor waiting forever.
    loadTimeout: 10_000,
  },
}).createMachine({
  id: 'calendarEmbed',
  initial: 'loading',
  context: { bookedStart: null },
  on: {
    'calendar.booked': {
      target: '.booked',
      actions: [assign({ bookedStart: ({ event }) => event.startTime }), 'callBooked'],
    },
  },
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
      invoke: { src: 'bookingEvents' },
      after: {
        autoClick: { target: 'scheduled', actions: 'clickSchedule' },
      },
    },
    scheduled: {
      invoke: { src: 'bookingEvents' },
    },
    booked: {
      // A second report (a reschedule, or the embed repeating itself) updates the time.
      invoke: { src: 'bookingEvents' },
    },
    failed: {},
  },
})
