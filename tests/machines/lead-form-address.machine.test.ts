import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  addressAutocompleteMachine,
  type FetchPredictionsInput,
  type FetchPredictionsOutput,
} from '@/machines/address-autocomplete.machine'
import { leadFormMachine, type SubmitLeadInput, type SubmitLeadOutput } from '@/machines/lead-form.machine'

// The address search is the form's child: one event path from typing to a chosen suggestion.
function start() {
  const queries: FetchPredictionsInput[] = []
  const clock = new SimulatedClock()
  const machine = leadFormMachine.provide({
    actors: {
      submitLead: fromPromise<SubmitLeadOutput, SubmitLeadInput>(async () => ({ id: 'item-1' })),
      addressAutocomplete: addressAutocompleteMachine.provide({
        actors: {
          fetchPredictions: fromPromise<FetchPredictionsOutput, FetchPredictionsInput>(async ({ input }) => {
            queries.push(input)
            return { status: 'OK', predictions: [{ place_id: 'p1', description: '1 Main St, Springfield' }] }
          }),
        },
      }),
    },
  })
  const actor = createActor(machine, {
    clock,
    input: { tracking: { platform: '', keyword: '' }, source: { path: '/', label: 'Homepage' }, placesEnabled: true },
  })
  actor.start()
  return { actor, clock, queries }
}

const showing = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor.getSnapshot().context.address, (s) => s.matches({ enabled: 'showing' }))

describe('leadFormMachine address search', () => {
  it('typing searches, choosing a suggestion fills the address and clears the error', async () => {
    const { actor, clock, queries } = start()
    actor.send({ type: 'field.changed', field: 'phone', value: '0422470721' })
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().context.error).toBe('address-required')
    actor.send({ type: 'field.changed', field: 'business', value: '1 Main' })
    clock.increment(300)
    await showing(actor)
    expect(queries.map((q) => q.query)).toEqual(['1 Main'])

    actor.send({ type: 'address.next' })
    actor.send({ type: 'address.choose' })
    expect(actor.getSnapshot().context.values.business).toBe('1 Main St, Springfield')
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().context.address.getSnapshot().matches({ enabled: 'idle' })).toBe(true)
  })

  it('an accepted lead starts a fresh search with a new Places session', async () => {
    const { actor, clock } = start()
    const first = actor.getSnapshot().context.address
    const firstSession = first.getSnapshot().context.sessionToken
    for (const [field, value] of Object.entries({ locations: '1', name: 'Jo', phone: '0422470721', email: 'jo@x.example' }))
      actor.send({ type: 'field.changed', field: field as 'name', value })
    actor.send({ type: 'field.changed', field: 'business', value: '1 Main' })
    clock.increment(300)
    await showing(actor)
    actor.send({ type: 'lead.submit' })
    await waitFor(actor, (s) => s.matches('idle') && s.context.values.business === '')
    const next = actor.getSnapshot().context.address
    expect(next).not.toBe(first)
    expect(next.getSnapshot().context).toMatchObject({ query: '', predictions: [] })
    expect(next.getSnapshot().context.sessionToken).not.toBe(firstSession)
    expect(first.getSnapshot().status).toBe('stopped')
  })

  it('adopts what was typed before hydration without searching', () => {
    const { actor, clock, queries } = start()
    actor.send({ type: 'form.adopted', values: { name: 'Quinn', business: '77 Juniper Lane' } })
    clock.increment(1000)
    expect(actor.getSnapshot().context.values).toMatchObject({ name: 'Quinn', business: '77 Juniper Lane', email: '' })
    expect(queries).toEqual([])
  })

  it('a native post that came back invalid shows the submit failure', () => {
    const { actor } = start()
    actor.send({ type: 'native.failed' })
    expect(actor.getSnapshot().context.error).toBe('submit-failed')
  })
})
