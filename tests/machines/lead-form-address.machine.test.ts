import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  addressAutocompleteMachine,
  type FetchPredictionsInput,
  type FetchPredictionsOutput,
} from '@/machines/address-autocomplete.machine'
import { PHONE_INVALID } from '@/schemas/lead-phone'
import { leadFormMachine, type SubmitLeadInput, type SubmitLeadOutput } from '@/machines/lead-form.machine'
import { tokenAtOnce } from './token-fakes'

// The address search is the form's child and owns the address text; the form hears of every change
// and reads the text once, at submit.
function start() {
  const queries: FetchPredictionsInput[] = []
  const sent: SubmitLeadInput[] = []
  const clock = new SimulatedClock()
  const machine = leadFormMachine.provide({
    actors: {
      botCheck: tokenAtOnce(),
      submitLead: fromPromise<SubmitLeadOutput, SubmitLeadInput>(async ({ input }) => {
        sent.push(input)
        return { id: 'item-1' }
      }),
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
    input: { tracking: { platform: '', keyword: '' }, source: { path: '/', label: 'Homepage' } },
  })
  actor.start()
  return { actor, clock, queries, sent }
}
type Actor = ReturnType<typeof start>['actor']

const search = (actor: Actor) => actor.getSnapshot().context.address
const showing = (actor: Actor) => waitFor(search(actor), (s) => s.matches({ enabled: 'showing' }))

const contact = { locations: '1', name: 'Jo', phone: '0422470721', email: 'jo@x.example' }
function fillContact(actor: Actor) {
  for (const [field, value] of Object.entries(contact)) actor.send({ type: 'field.changed', field: field as keyof typeof contact, value })
}

describe('leadFormMachine address search', () => {
  it('typing searches, choosing a suggestion fills the address, and each change clears the address error', async () => {
    const { actor, clock, queries } = start()
    fillContact(actor)
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ business: 'Please enter your business address' })
    search(actor).send({ type: 'query.changed', value: '1 Main' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
    clock.increment(300)
    await showing(actor)
    expect(queries.map((q) => q.query)).toEqual(['1 Main'])

    actor.send({ type: 'field.changed', field: 'phone', value: '' })
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ phone: 'Please enter your phone number' })
    search(actor).send({ type: 'list.next' })
    search(actor).send({ type: 'list.choose' })
    expect(search(actor).getSnapshot().context.query).toBe('1 Main St, Springfield')
    // Only editing the phone clears the phone's error.
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ phone: 'Please enter your phone number' })
    actor.send({ type: 'field.changed', field: 'phone', value: '0422470721' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
    expect(search(actor).getSnapshot().matches({ enabled: 'idle' })).toBe(true)
  })

  it.each([
    ['typed', false, '1 Main'],
    ['chosen', true, '1 Main St, Springfield'],
  ])('submits the address as its search holds it (%s)', async (_case, choose, expected) => {
    const { actor, clock, sent } = start()
    fillContact(actor)
    search(actor).send({ type: 'query.changed', value: ' 1 Main ' })
    clock.increment(300)
    await showing(actor)
    if (choose) search(actor).send({ type: 'list.choose', index: 0 })
    actor.send({ type: 'lead.submit' })
    await waitFor(actor, (s) => s.matches('accepted'))
    expect(sent.map((input) => input.lead.business)).toEqual([expected])
  })

  it('an accepted lead starts a fresh search with a new Places session', async () => {
    const { actor, clock } = start()
    const first = search(actor)
    const firstSession = first.getSnapshot().context.sessionToken
    fillContact(actor)
    first.send({ type: 'query.changed', value: '1 Main' })
    clock.increment(300)
    await showing(actor)
    actor.send({ type: 'lead.submit' })
    await waitFor(actor, (s) => s.matches('accepted') && s.context.address !== first)
    const next = search(actor)
    expect(next.getSnapshot().context).toMatchObject({ query: '', predictions: [] })
    expect(next.getSnapshot().context.sessionToken).not.toBe(firstSession)
    expect(first.getSnapshot().status).toBe('stopped')
  })

  it('adopts what was typed before hydration, handing the address to its search, without searching', () => {
    const { actor, clock, queries } = start()
    actor.send({ type: 'form.adopted', values: { name: 'Quinn', business: '77 Juniper Lane' } })
    clock.increment(1000)
    expect(actor.getSnapshot().context.values).toMatchObject({ name: 'Quinn', email: '' })
    expect(search(actor).getSnapshot().context.query).toBe('77 Juniper Lane')
    expect(queries).toEqual([])
  })

  it('an adoption without an address keeps the address its search started with', () => {
    const actor = createActor(leadFormMachine, {
      input: {
        tracking: { platform: '', keyword: '' },
        source: { path: '/', label: 'Homepage' },
        initialValues: { business: 'Harbourside Vet' },
      },
    }).start()
    actor.send({ type: 'form.adopted', values: { name: 'Quinn' } })
    expect(search(actor).getSnapshot().context.query).toBe('Harbourside Vet')
  })

  it('a native post that came back refused without naming a field shows the submit failure', () => {
    const { actor } = start()
    actor.send({ type: 'native.failed' })
    expect(actor.getSnapshot().context.error).toBe('submit-failed')
  })

  it('a native post that came back naming fields marks them, not the submit failure', () => {
    const { actor } = start()
    const refused: unknown[] = []
    actor.on('field.refused', (event) => refused.push(event))
    actor.send({ type: 'native.failed', fields: ['email', 'phone'] })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Please enter a valid email', phone: PHONE_INVALID })
    expect(refused).toEqual([{ type: 'field.refused', field: 'phone' }])
  })
})
