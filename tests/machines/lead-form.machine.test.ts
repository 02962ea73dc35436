import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ADDRESS_REQUIRED, LEAD_ERROR_TEXT, LEAD_SUBMIT_FAILED } from '@/schemas/lead'
import { PHONE_INVALID } from '@/schemas/lead-phone'
import {
  leadFormMachine,
  type LeadFormInput,
  type LeadValues,
  type SubmitLeadInput,
  type SubmitLeadOutput,
  type TrackLeadParams,
} from '@/machines/lead-form.machine'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const input: LeadFormInput = { tracking: { platform: 'google', keyword: 'reviews' }, source: { path: '/', label: 'Homepage' } }

const typed: LeadValues = {
  locations: '2-10',
  name: ' Jane Doe ',
  phone: '0422470721',
  email: 'jane@example.com',
  business: ' 1 Main St, Springfield ',
  note: '',
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function start(submit: (input: SubmitLeadInput, signal: AbortSignal) => Promise<SubmitLeadOutput>) {
  const submitLead = vi.fn(submit)
  const trackLead = vi.fn((_: unknown, _params: TrackLeadParams) => {})
  const machine = leadFormMachine.provide({
    actors: { submitLead: fromPromise<SubmitLeadOutput, SubmitLeadInput>(({ input, signal }) => submitLead(input, signal)) },
    actions: { trackLead },
  })
  const actor = createActor(machine, { input })
  const accepted: string[] = []
  actor.on('lead.accepted', (event) => accepted.push(event.id))
  actor.start()
  return { actor, submitLead, trackLead, accepted }
}

function fill(actor: ReturnType<typeof start>['actor'], values: LeadValues) {
  for (const [field, value] of Object.entries(values) as [keyof LeadValues, string][]) {
    actor.send({ type: 'field.changed', field, value })
  }
}

describe('leadFormMachine', () => {
  it('starts idle with empty values, no error and a uuid submissionId, merging initialValues', () => {
    const actor = createActor(leadFormMachine, { input: { ...input, initialValues: { locations: '1' } } })
    const { value, context } = actor.getSnapshot()
    expect(value).toBe('idle')
    expect(context.values).toEqual({ locations: '1', name: '', phone: '', email: '', business: '', note: '' })
    expect(context.error).toBeNull()
    expect(context.submissionId).toMatch(UUID)
  })

  it.each(['', '   '])('refuses a blank address (%j) without calling submitLead', (business) => {
    const { actor, submitLead } = start(async () => ({ id: 'x' }))
    fill(actor, { ...typed, business })
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.error).toBe('address-required')
    expect(LEAD_ERROR_TEXT['address-required']).toBe(ADDRESS_REQUIRED)
    expect(submitLead).not.toHaveBeenCalled()
  })

  it.each(['12345', '0422 47x 721', '+61 4224 7072 1999 99', ''])('refuses the phone %j at its field, counting the refusal', (phone) => {
    const { actor, submitLead } = start(async () => ({ id: 'x' }))
    fill(actor, { ...typed, phone })
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().context).toMatchObject({ error: 'phone-invalid', refusals: 1 })
    expect(LEAD_ERROR_TEXT['phone-invalid']).toBe(PHONE_INVALID)
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().context.refusals).toBe(2)
    expect(submitLead).not.toHaveBeenCalled()

    actor.send({ type: 'field.changed', field: 'phone', value: '+61 422 470 721' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('sends the phone as typed; the schema makes it digits on the way out', async () => {
    const { actor, submitLead } = start(async () => ({ id: 'item-1' }))
    fill(actor, { ...typed, phone: '+61 422 470 721' })
    actor.send({ type: 'lead.submit' })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(submitLead.mock.calls[0]?.[0].lead.phone).toBe('+61 422 470 721')
  })

  it('keeps how long the server asked to wait after a failure, and forgets it on the next try', async () => {
    const { actor, submitLead } = start(async () => {
      throw Object.assign(new Error('HTTP 503'), { kind: 'unavailable', retryAfterSeconds: 600 })
    })
    fill(actor, typed)
    actor.send({ type: 'lead.submit' })
    const failed = await waitFor(actor, (s) => s.matches('idle'))
    expect(failed.context).toMatchObject({ error: 'submit-failed', retryAfterSeconds: 600 })

    submitLead.mockImplementationOnce(async () => {
      throw Object.assign(new Error('HTTP 429'), { kind: 'rate-limited' })
    })
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().context.retryAfterSeconds).toBeNull()
    const limited = await waitFor(actor, (s) => s.matches('idle'))
    expect(limited.context).toMatchObject({ error: 'rate-limited', retryAfterSeconds: null })
  })

  it('submits trimmed values with tracking, source and submissionId', async () => {
    const { actor, submitLead } = start(async () => ({ id: 'item-1' }))
    fill(actor, typed)
    const { submissionId } = actor.getSnapshot().context
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(submitLead).toHaveBeenCalledTimes(1)
    expect(submitLead.mock.calls[0]?.[0]).toEqual({
      submissionId,
      lead: {
        locations: '2-10',
        name: 'Jane Doe',
        phone: '0422470721',
        email: 'jane@example.com',
        business: '1 Main St, Springfield',
        note: '',
      },
      tracking: input.tracking,
      source: input.source,
      guard: { honeypot: '', fillMs: expect.any(Number) },
    })
    await waitFor(actor, (s) => s.matches('idle'))
  })

  it('on success clears the form, emits lead.accepted, tracks once and starts a new submission', async () => {
    const { actor, trackLead, accepted } = start(async () => ({ id: 'item-42' }))
    fill(actor, typed)
    const before = actor.getSnapshot().context.submissionId
    actor.send({ type: 'lead.submit' })
    const after = await waitFor(actor, (s) => s.matches('idle'))

    expect(after.context.values).toEqual({ locations: '', name: '', phone: '', email: '', business: '', note: '' })
    expect(after.context.error).toBeNull()
    expect(accepted).toEqual(['item-42'])
    expect(trackLead).toHaveBeenCalledTimes(1)
    expect(trackLead.mock.calls[0]?.[1]).toMatchObject({ id: 'item-42', submissionId: before, lead: { name: 'Jane Doe' } })
    expect(after.context.submissionId).toMatch(UUID)
    expect(after.context.submissionId).not.toBe(before)
  })

  it('on failure keeps the values as typed, shows the error and retries with the same submissionId', async () => {
    const { actor, submitLead, trackLead, accepted } = start(async () => {
      throw new Error('HTTP 500')
    })
    fill(actor, typed)
    const { submissionId } = actor.getSnapshot().context
    actor.send({ type: 'lead.submit' })
    const failed = await waitFor(actor, (s) => s.matches('idle'))

    expect(failed.context.error).toBe('submit-failed')
    expect(LEAD_ERROR_TEXT['submit-failed']).toBe(LEAD_SUBMIT_FAILED)
    expect(failed.context.values).toEqual(typed)
    expect(failed.context.submissionId).toBe(submissionId)
    expect(trackLead).not.toHaveBeenCalled()
    expect(accepted).toEqual([])

    submitLead.mockImplementationOnce(async () => ({ id: 'item-7' }))
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (s) => s.matches('idle'))
    expect(submitLead).toHaveBeenCalledTimes(2)
    expect(submitLead.mock.calls[1]?.[0].submissionId).toBe(submissionId)
    expect(accepted).toEqual(['item-7'])
  })

  it('ignores a second submit and field edits while submitting', async () => {
    const pending = deferred<SubmitLeadOutput>()
    const { actor, submitLead, accepted } = start(() => pending.promise)
    fill(actor, typed)
    actor.send({ type: 'lead.submit' })
    actor.send({ type: 'lead.submit' })
    actor.send({ type: 'field.changed', field: 'name', value: 'Someone else' })
    actor.send({ type: 'address.choose', index: 0 })

    expect(submitLead).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe('submitting')
    expect(actor.getSnapshot().context.values).toEqual(typed)

    pending.resolve({ id: 'item-1' })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(submitLead).toHaveBeenCalledTimes(1)
    expect(accepted).toEqual(['item-1'])
  })

  it('typing in the address field clears a shown error; other fields keep it', () => {
    const { actor } = start(async () => ({ id: 'x' }))
    actor.send({ type: 'field.changed', field: 'phone', value: '0422470721' })
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().context.error).toBe('address-required')

    actor.send({ type: 'field.changed', field: 'name', value: 'Jane' })
    expect(actor.getSnapshot().context.error).toBe('address-required')

    actor.send({ type: 'field.changed', field: 'business', value: '1' })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(actor.getSnapshot().context.values.business).toBe('1')
  })

  it('aborts the request signal when the form is stopped mid-submit (unmount)', () => {
    let signal: AbortSignal | undefined
    const { actor } = start((_, s) => {
      signal = s
      return new Promise(() => {})
    })
    fill(actor, typed)
    actor.send({ type: 'lead.submit' })
    expect(signal?.aborted).toBe(false)
    actor.stop()
    expect(signal?.aborted).toBe(true)
  })

  it('the default submitLead is not provided: the form reports a failure', async () => {
    const actor = createActor(leadFormMachine, { input }).start()
    actor.send({ type: 'field.changed', field: 'phone', value: '0422470721' })
    actor.send({ type: 'field.changed', field: 'business', value: '1 Main St' })
    actor.send({ type: 'lead.submit' })
    const snapshot = await waitFor(actor, (s) => s.matches('idle'))
    expect(snapshot.context.error).toBe('submit-failed')
  })
})
