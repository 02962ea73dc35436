import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import type { FetchPredictionsOutput } from '@/machines/address-autocomplete.machine'
import { UUID, ok, three, start, startDown, deferred } from './address-autocomplete.harness'

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
    ['ZERO_RESULTS', { status: 'ZERO_RESULTS', predictions: [] }, 'noMatch' as const],
    ['REQUEST_DENIED', { status: 'REQUEST_DENIED', predictions: [] }, 'idle' as const],
    ['OVER_QUERY_LIMIT with stray predictions', { status: 'OVER_QUERY_LIMIT', predictions: three.predictions }, 'idle' as const],
    ['OK but empty', { status: 'OK', predictions: [] }, 'noMatch' as const],
  ])('shows no list on %s (%s: no match only when Places found nothing)', async (_, output, state) => {
    const { actor, clock, type } = start(async () => output)
    type('Main St')
    clock.increment(300)
    const snapshot = await waitFor(actor, (s) => !s.matches({ enabled: 'fetching' }))
    expect(snapshot.matches({ enabled: state })).toBe(true)
    expect(snapshot.context.predictions).toEqual([])
    expect(snapshot.context.query).toBe('Main St')
  })

  it('no match outlasts leaving the field, and ends with the next keystroke', async () => {
    const { actor, clock, type } = start(async ({ query }) =>
      query === 'Joe’s Pizza Bondi' ? { status: 'ZERO_RESULTS', predictions: [] } : three,
    )
    type('Joe’s Pizza Bondi')
    clock.increment(300)
    await waitFor(actor, (s) => s.matches({ enabled: 'noMatch' }))
    actor.send({ type: 'list.close' })
    expect(actor.getSnapshot().matches({ enabled: 'noMatch' })).toBe(true)
    type('Main')
    expect(actor.getSnapshot().matches({ enabled: 'debouncing' })).toBe(true)
    clock.increment(300)
    await waitFor(actor, (s) => s.matches({ enabled: 'showing' }))
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

  it('when disabled it only tracks the query and never fetches', async () => {
    const { actor, clock, type, fetchPredictions } = await startDown(async () => three)
    expect(actor.getSnapshot().value).toBe('disabled')
    type('Main St')
    clock.increment(1000)
    actor.send({ type: 'list.next' })
    actor.send({ type: 'list.choose', index: 0 })
    expect(fetchPredictions).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context).toMatchObject({ query: 'Main St', predictions: [], highlightedIndex: -1 })
  })

  it('reports the text to its owner after every keystroke, enabled or not, without a place', async () => {
    for (const { type, reports } of [start(async () => three), await startDown(async () => three)]) {
      type('Ma')
      type('Main St')
      expect(reports()).toEqual([
        { type: 'address.changed', value: 'Ma', placeId: null },
        { type: 'address.changed', value: 'Main St', placeId: null },
      ])
    }
  })

  it('adopts text typed before hydration: kept and reported, never searched', () => {
    const { actor, clock, reports, fetchPredictions } = start(async () => three)
    actor.send({ type: 'query.adopted', value: '12 Smith St' })
    clock.increment(1000)
    expect(fetchPredictions).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.query).toBe('12 Smith St')
    expect(reports()).toEqual([{ type: 'address.changed', value: '12 Smith St', placeId: null }])
  })
})
