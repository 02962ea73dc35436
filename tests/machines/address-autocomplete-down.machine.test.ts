import { describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { FailureError } from '@/schemas/failure'
import { start, three } from './address-autocomplete.harness'

const failing = (kind: string) => () => Promise.reject(new FailureError(kind, { service: 'places' }))

describe('addressAutocompleteMachine when places is down', () => {
  it.each(['unavailable', 'rate-limited'])('a %s failure turns it into plain entry: no further fetch', async (kind) => {
    const { actor, clock, fetchPredictions, type } = start(failing(kind))
    type('1 Main')
    clock.increment(300)
    await waitFor(actor, (s) => s.matches('disabled'))
    type('1 Main Street')
    clock.increment(1000)
    expect(fetchPredictions).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.query).toBe('1 Main Street')
  })

  it('any other failure (a timeout) keeps searching on the next pause', async () => {
    let calls = 0
    const { actor, clock, fetchPredictions, type, showing } = start(() => (++calls === 1 ? failing('timeout')() : Promise.resolve(three)))
    type('1 Main')
    clock.increment(300)
    await waitFor(actor, (s) => s.matches({ enabled: 'idle' }))
    type('1 Main St')
    clock.increment(300)
    await showing()
    expect(fetchPredictions).toHaveBeenCalledTimes(2)
  })
})
