import { assertEvent, assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate'
import { readFailure } from '@/schemas/failure'

export interface AddressPrediction {
  place_id: string
  description: string
}

export interface AddressAutocompleteInput {
  /** Text already in the field (a prefilled form). */
  query?: string
}

export interface AddressAutocompleteContext {
  query: string
  predictions: AddressPrediction[]
  /** -1 when nothing is highlighted. */
  highlightedIndex: number
  /** A Places session groups the keystrokes of one search and ends with a selection. */
  sessionToken: string
}

export type AddressAutocompleteEvent =
  | { type: 'query.changed'; value: string }
  | { type: 'list.next' }
  | { type: 'list.previous' }
  | { type: 'list.choose'; index?: number }
  | { type: 'list.close' }
  /** Text typed before the script ran, taken over at hydration: kept, not searched. */
  | { type: 'query.adopted'; value: string }

/**
 * What the owning machine hears: the text after every change, with the place when it was chosen from the list.
 * The autocomplete alone holds the text (as zag's combobox owns `inputValue` and reports changes outward).
 */
export type AddressChangedEvent = { type: 'address.changed'; value: string; placeId: string | null }

export interface FetchPredictionsInput {
  query: string
  sessionToken: string
}
export interface FetchPredictionsOutput {
  status: string
  predictions: AddressPrediction[]
}

export const MIN_QUERY_CHARS = 3

const chosenPrediction = (context: AddressAutocompleteContext, event: AddressAutocompleteEvent) => {
  assertEvent(event, 'list.choose')
  return context.predictions[event.index ?? context.highlightedIndex]
}

export const addressAutocompleteMachine = setup({
  types: {
    input: {} as AddressAutocompleteInput,
    context: {} as AddressAutocompleteContext,
    events: {} as AddressAutocompleteEvent,
  },
  actors: {
    fetchPredictions: fromPromise<FetchPredictionsOutput, FetchPredictionsInput>(async () => {
      throw new Error('fetchPredictions not provided')
    }),
  },
  actions: {
    setQuery: assign({
      query: ({ event }) => {
        assertEvent(event, ['query.changed', 'query.adopted'])
        return event.value
      },
    }),
    reportTyped: sendParent(({ context }): AddressChangedEvent => ({ type: 'address.changed', value: context.query, placeId: null })),
    startNewSession: assign({ sessionToken: () => crypto.randomUUID() }),
    showPredictions: assign((_, output: FetchPredictionsOutput) => ({ predictions: output.predictions, highlightedIndex: -1 })),
    clearPredictions: assign({ predictions: [], highlightedIndex: -1 }),
    highlightNext: assign({
      highlightedIndex: ({ context }) => (context.highlightedIndex + 1) % context.predictions.length,
    }),
    highlightPrevious: assign({
      highlightedIndex: ({ context }) => (context.highlightedIndex <= 0 ? context.predictions.length : context.highlightedIndex) - 1,
    }),
    chooseSuggestion: enqueueActions(({ context, event, enqueue }) => {
      const prediction = chosenPrediction(context, event)
      if (!prediction) return
      enqueue.assign({ query: prediction.description })
      enqueue.sendParent({ type: 'address.changed', value: prediction.description, placeId: prediction.place_id })
    }),
  },
  guards: {
    isQueryTooShort: ({ event }) => {
      assertEvent(event, 'query.changed')
      return event.value.replace(/\s/g, '').length < MIN_QUERY_CHARS
    },
    hasSuggestions: (_, output: FetchPredictionsOutput) => output.status === 'OK' && output.predictions.length > 0,
    /** Places answered and knows nothing by that text (not a refusal, which says nothing about the text). */
    foundNothing: (_, output: FetchPredictionsOutput) =>
      output.status === 'ZERO_RESULTS' || (output.status === 'OK' && !output.predictions.length),
    hasChoice: ({ context, event }) => chosenPrediction(context, event) !== undefined,
    // Runs on the fetch actor's error event: a service that says it is down (or rate limits) is not asked again.
    isServiceDown: (_, error: unknown) => readFailure(error, ['unavailable', 'rate-limited'], 'other').kind !== 'other',
  },
  delays: {
    debounce: 300,
  },
}).createMachine({
  id: 'addressAutocomplete',
  context: ({ input }) => ({ query: input.query ?? '', predictions: [], highlightedIndex: -1, sessionToken: '' }),
  on: {
    'query.adopted': { actions: ['setQuery', 'reportTyped'] },
  },
  entry: 'startNewSession',
  // Whether Places is available is this machine's alone: it searches until the service says it is
  // down (or rate limits), then stays plain text entry.
  initial: 'enabled',
  states: {
    disabled: {
      on: { 'query.changed': { actions: ['setQuery', 'reportTyped'] } },
    },
    enabled: {
      initial: 'idle',
      on: {
        'query.changed': [
          { guard: 'isQueryTooShort', target: '.idle', actions: ['setQuery', 'reportTyped', 'clearPredictions'] },
          { target: '.debouncing', actions: ['setQuery', 'reportTyped', 'clearPredictions'] },
        ],
        'list.close': { target: '.idle', actions: 'clearPredictions' },
      },
      states: {
        idle: {},
        debouncing: {
          after: { debounce: 'fetching' },
        },
        fetching: {
          invoke: {
            src: 'fetchPredictions',
            input: ({ context }) => ({ query: context.query.trim(), sessionToken: context.sessionToken }),
            onDone: [
              {
                guard: { type: 'hasSuggestions', params: ({ event }) => event.output },
                target: 'showing',
                actions: { type: 'showPredictions', params: ({ event }) => event.output },
              },
              { guard: { type: 'foundNothing', params: ({ event }) => event.output }, target: 'noMatch' },
              { target: 'idle' },
            ],
            onError: [
              {
                guard: { type: 'isServiceDown', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: '#addressAutocomplete.disabled',
                actions: 'clearPredictions',
              },
              { target: 'idle' },
            ],
          },
        },
        // The owner may say so and offer another way; leaving the field keeps it said.
        noMatch: {
          on: { 'list.close': {} },
        },
        showing: {
          on: {
            'list.next': { actions: 'highlightNext' },
            'list.previous': { actions: 'highlightPrevious' },
            'list.choose': {
              guard: 'hasChoice',
              target: 'idle',
              actions: ['chooseSuggestion', 'clearPredictions', 'startNewSession'],
            },
          },
        },
      },
    },
  },
})
