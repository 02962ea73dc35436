import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  addressAutocompleteMachine,
  type AddressAutocompleteEmitted,
  type FetchPredictionsInput,
  type FetchPredictionsOutput,
} from '@/machines/address-autocomplete.machine'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const ok = (...descriptions: string[]): FetchPredictionsOutput => ({
  status: 'OK',
  predictions: descriptions.map((description, i) => ({ place_id: `place-${i}`, description })),
})

const three = ok('1 Main St, Springfield', '1 Main St, Shelbyville', '1 Main Rd, Capital City')

type Fetch = (input: FetchPredictionsInput, signal: AbortSignal) => Promise<FetchPredictionsOutput>

function start(fetch: Fetch, enabled = true) {
  const fetchPredictions = vi.fn(fetch)
  const machine = addressAutocompleteMachine.provide({
    actors: {
      fetchPredictions: fromPromise<FetchPredictionsOutput, FetchPredictionsInput>(({ input, signal }) =>
        fetchPredictions(input, signal),
      ),
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

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => {
    resolve = res
  })
  return { promise, resolve }
}

describe('addressAutocompleteMachine', () => {
  it('starts idle with an empty list, nothing highlighted and a session token', () => {
    const { actor } = start(async () => three)
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches({ enabled: 'idle' })).toBe(true)
    expect(context).toMatchObject({ query: '', predictions: [], highlightedIndex: -1 })
    expect(context.sessionToken).toMatch(UUID)
  })

  it('debounces: quick typing fetches once, with the last query, 300 ms after the last keystroke', async () => {
    const { actor, clock, fetchPredictions, type, showing } = start(async () => three)
    type('Mai')
    clock.increment(100)
    type('Main')
    clock.increment(100)
    type('Main St')
    clock.increment(299)
    expect(fetchPredictions).not.toHaveBeenCalled()
    expect(actor.getSnapshot().matches({ enabled: 'debouncing' })).toBe(true)

    clock.increment(1)
    expect(fetchPredictions).toHaveBeenCalledTimes(1)
    expect(fetchPredictions.mock.calls[0]?.[0]).toEqual({ query: 'Main St', sessionToken: actor.getSnapshot().context.sessionToken })

    const snapshot = await showing()
    expect(snapshot.context.predictions).toEqual(three.predictions)
    expect(snapshot.context.query).toBe('Main St')
  })

  it('never lets an older, slower response overwrite a newer query', async () => {
    const slow = deferred<FetchPredictionsOutput>()
    const { actor, clock, fetchPredictions, type, showing } = start(async ({ query }) =>
      query === 'Main' ? slow.promise : ok('Main St, Springfield'),
    )
    type('Main')
    clock.increment(300)
    expect(actor.getSnapshot().matches({ enabled: 'fetching' })).toBe(true)

    type('Main St')
    clock.increment(300)
    await showing()
    slow.resolve(ok('Mainz, Germany'))
    await new Promise((r) => setTimeout(r, 0))

    expect(fetchPredictions).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.predictions.map((p) => p.description)).toEqual(['Main St, Springfield'])
  })

  it('aborts the signal of an abandoned fetch', () => {
    const signals: AbortSignal[] = []
    const { clock, type } = start((_, signal) => {
      signals.push(signal)
      return new Promise(() => {})
    })
    type('Main')
    clock.increment(300)
    expect(signals[0]?.aborted).toBe(false)
    type('Main S')
    expect(signals[0]?.aborted).toBe(true)
  })

  it.each(['', 'ab', ' a b ', '  ab   '])('does not fetch %j (under 3 non-space characters) and clears the list', async (short) => {
    const { actor, clock, fetchPredictions, type, showing } = start(async () => three)
    type('Main')
    clock.increment(300)
    await showing()
    fetchPredictions.mockClear()

    type(short)
    clock.increment(1000)
    expect(fetchPredictions).not.toHaveBeenCalled()
    expect(actor.getSnapshot().matches({ enabled: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ query: short, predictions: [], highlightedIndex: -1 })
  })

  it.each([
    ['ZERO_RESULTS', { status: 'ZERO_RESULTS', predictions: [] }],
    ['REQUEST_DENIED', { status: 'REQUEST_DENIED', predictions: [] }],
    ['OVER_QUERY_LIMIT with stray predictions', { status: 'OVER_QUERY_LIMIT', predictions: three.predictions }],
    ['OK but empty', { status: 'OK', predictions: [] }],
  ])('shows no list on %s', async (_, output) => {
    const { actor, clock, type } = start(async () => output)
    type('Main St')
    clock.increment(300)
    const snapshot = await waitFor(actor, (s) => !s.matches({ enabled: 'fetching' }))
    expect(snapshot.matches({ enabled: 'idle' })).toBe(true)
    expect(snapshot.context.predictions).toEqual([])
    expect(snapshot.context.query).toBe('Main St')
  })

  it('a failed fetch hides the list and leaves plain text entry usable', async () => {
    const { actor, clock, type } = start(async () => {
      throw new Error('network down')
    })
    type('Main St')
    clock.increment(300)
    const snapshot = await waitFor(actor, (s) => s.matches({ enabled: 'idle' }))
    expect(snapshot.context.predictions).toEqual([])
    type('Main Street 1')
    expect(actor.getSnapshot().context.query).toBe('Main Street 1')
  })

  it('list.next and list.previous move the highlight with wrap-around', async () => {
    const { actor, clock, type, showing } = start(async () => three)
    type('Main')
    clock.increment(300)
    await showing()
    const highlighted = () => actor.getSnapshot().context.highlightedIndex

    actor.send({ type: 'list.next' })
    expect(highlighted()).toBe(0)
    actor.send({ type: 'list.next' })
    actor.send({ type: 'list.next' })
    expect(highlighted()).toBe(2)
    actor.send({ type: 'list.next' })
    expect(highlighted()).toBe(0)
    actor.send({ type: 'list.previous' })
    expect(highlighted()).toBe(2)

    actor.send({ type: 'list.close' })
    type('Main R')
    clock.increment(300)
    await showing()
    expect(highlighted()).toBe(-1)
    actor.send({ type: 'list.previous' })
    expect(highlighted()).toBe(2)
  })

  it('Enter chooses the highlighted suggestion: emits it, fills the query, clears the list, new session', async () => {
    const { actor, clock, type, showing, chosen, fetchPredictions } = start(async () => three)
    type('Main')
    clock.increment(300)
    await showing()
    const oldToken = actor.getSnapshot().context.sessionToken
    actor.send({ type: 'list.next' })
    actor.send({ type: 'list.next' })
    actor.send({ type: 'list.choose' })

    expect(chosen).toEqual([{ type: 'suggestion.chosen', description: '1 Main St, Shelbyville', placeId: 'place-1' }])
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches({ enabled: 'idle' })).toBe(true)
    expect(context).toMatchObject({ query: '1 Main St, Shelbyville', predictions: [], highlightedIndex: -1 })
    expect(context.sessionToken).toMatch(UUID)
    expect(context.sessionToken).not.toBe(oldToken)

    clock.increment(1000)
    expect(fetchPredictions).toHaveBeenCalledTimes(1)
  })

  it('a click chooses by index; Enter with nothing highlighted or an unknown index does nothing', async () => {
    const { actor, clock, type, showing, chosen } = start(async () => three)
    type('Main')
    clock.increment(300)
    await showing()

    actor.send({ type: 'list.choose' })
    actor.send({ type: 'list.choose', index: 7 })
    expect(chosen).toEqual([])
    expect(actor.getSnapshot().matches({ enabled: 'showing' })).toBe(true)

    actor.send({ type: 'list.choose', index: 2 })
    expect(chosen).toEqual([{ type: 'suggestion.chosen', description: '1 Main Rd, Capital City', placeId: 'place-2' }])
    expect(actor.getSnapshot().context.query).toBe('1 Main Rd, Capital City')
  })

  it('list.close hides the list and keeps the query; closing while debouncing cancels the fetch', async () => {
    const { actor, clock, type, showing, fetchPredictions } = start(async () => three)
    type('Main')
    clock.increment(300)
    await showing()
    actor.send({ type: 'list.close' })
    expect(actor.getSnapshot().matches({ enabled: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ query: 'Main', predictions: [], highlightedIndex: -1 })

    type('Main St')
    actor.send({ type: 'list.close' })
    clock.increment(1000)
    expect(fetchPredictions).toHaveBeenCalledTimes(1)
  })

  it('when disabled it only tracks the query and never fetches', () => {
    const { actor, clock, type, fetchPredictions } = start(async () => three, false)
    expect(actor.getSnapshot().value).toBe('disabled')
    type('Main St')
    clock.increment(1000)
    actor.send({ type: 'list.next' })
    actor.send({ type: 'list.choose', index: 0 })
    expect(fetchPredictions).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context).toMatchObject({ query: 'Main St', predictions: [], highlightedIndex: -1 })
  })

  it('service.unavailable switches to plain text entry and abandons a pending fetch', () => {
    const signals: AbortSignal[] = []
    const { actor, clock, type, fetchPredictions } = start((_, signal) => {
      signals.push(signal)
      return new Promise(() => {})
    })
    type('Main')
    clock.increment(300)
    actor.send({ type: 'service.unavailable' })
    expect(actor.getSnapshot().value).toBe('disabled')
    expect(signals[0]?.aborted).toBe(true)
    type('Main St')
    clock.increment(1000)
    expect(fetchPredictions).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.query).toBe('Main St')
  })
})
