import { vi } from 'vitest'
import { assign, createActor, fromPromise, setup, SimulatedClock, waitFor, type ActorRefFrom } from 'xstate'
import { FailureError } from '@/schemas/failure'
import {
  addressAutocompleteMachine,
  type AddressChangedEvent,
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

export function start(fetch: Fetch) {
  const fetchPredictions = vi.fn(fetch)
  const machine = addressAutocompleteMachine.provide({
    actors: {
      fetchPredictions: fromPromise<FetchPredictionsOutput, FetchPredictionsInput>(({ input, signal }) => fetchPredictions(input, signal)),
    },
  })
  // The autocomplete reports to the machine that owns it, so it runs under one that records the reports.
  const owner = setup({
    types: { context: {} as { reports: AddressChangedEvent[] }, events: {} as AddressChangedEvent },
    actors: { search: machine },
  }).createMachine({
    context: { reports: [] },
    invoke: { id: 'search', src: 'search', input: {} },
    on: { 'address.changed': { actions: assign({ reports: ({ context, event }) => [...context.reports, event] }) } },
  })
  const clock = new SimulatedClock()
  const parent = createActor(owner, { clock }).start()
  const actor = parent.getSnapshot().children.search as ActorRefFrom<typeof machine>
  const reports = () => parent.getSnapshot().context.reports
  const chosen = () => reports().filter((report) => report.placeId !== null)
  const type = (value: string) => actor.send({ type: 'query.changed', value })
  const showing = () => waitFor(actor, (s) => s.matches({ enabled: 'showing' }))
  return { actor, clock, fetchPredictions, reports, chosen, type, showing }
}

/** A search whose service said it was down on its first try: plain entry from then on; calls and reports so far forgotten. */
export async function startDown(fetch: Fetch) {
  const harness = start((input, signal) =>
    harness.fetchPredictions.mock.calls.length === 1
      ? Promise.reject(new FailureError('unavailable', { service: 'places' }))
      : fetch(input, signal),
  )
  harness.type('down')
  harness.clock.increment(300)
  await waitFor(harness.actor, (s) => s.matches('disabled'))
  harness.fetchPredictions.mockClear()
  harness.reports().length = 0
  return harness
}

export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => {
    resolve = res
  })
  return { promise, resolve }
}
