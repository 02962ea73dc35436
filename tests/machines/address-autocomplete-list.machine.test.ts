import { describe, expect, it } from 'vitest'
import { UUID, three, start } from './address-autocomplete.harness'

describe('addressAutocompleteMachine: the suggestion list', () => {
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

    expect(chosen()).toEqual([{ type: 'address.changed', value: '1 Main St, Shelbyville', placeId: 'place-1' }])
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
    expect(chosen()).toEqual([])
    expect(actor.getSnapshot().matches({ enabled: 'showing' })).toBe(true)

    actor.send({ type: 'list.choose', index: 2 })
    expect(chosen()).toEqual([{ type: 'address.changed', value: '1 Main Rd, Capital City', placeId: 'place-2' }])
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
})
