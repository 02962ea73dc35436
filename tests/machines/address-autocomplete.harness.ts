import { vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  addressAutocompleteMachine,
  type AddressAutocompleteEmitted,
  type FetchPredictionsInput,
  type FetchPredictionsOutput,
} from '@/machines/address-autocomplete.machine'

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const ok = (...descriptions: string[]): FetchPredictionsOutput => ({
  status: 'OK',
  predictions: descriptions.map((description, i) => ({ place_id: `place-${i}`, description })),
})

export const three = ok('1 Main St, Springfield', '1 Main St, Shelbyville', '1 Main Rd, Capital City')

export type Fetch = (input: FetchPredictionsInput, signal: AbortSignal) => Promise<FetchPredictionsOutput>

export function start(fetch: Fetch, enabled = true) {
  const fetchPredictions = vi.fn(fetch)
  const machine = addressAutocompleteMachine.provide({
    actors: {
      fetchPredictions: fromPromise<FetchPredictionsOutput, FetchPredictionsInput>(({ input, signal }) => fetchPredictions(input, signal)),
    },
  })
  const clock = new SimulatedClock()
  const actor = createActor(machine, { input: { enabled }, clock })
  const chosen: AddressAutocompleteEmitted[] = []
  actor.on('suggestion.chosen', (event) => chosen.push(event))
  actor.start()
  const type = (value: string) => actor.send({ type: 'query.changed', value })
  const showing = () => waitFor(actor, (s) => s.matches({ enabled: 'showing' }))
  return { actor, clock, fetchPredictions, chosen, type, showing }
}

export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => {
    resolve = res
  })
  return { promise, resolve }
}
