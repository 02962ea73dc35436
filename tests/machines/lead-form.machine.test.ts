import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ADDRESS_REQUIRED } from '@/schemas/lead'
import { PHONE_INVALID } from '@/schemas/lead-phone'
import {
  leadFormMachine,
  type LeadFormInput,
  type LeadValues,
  type SubmitLeadInput,
  type SubmitLeadOutput,
} from '@/machines/lead-form.machine'
import { tokenAtOnce } from './token-fakes'

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
  const leadAccepted = vi.fn()
  const openSchedule = vi.fn()
  const machine = leadFormMachine.provide({
    actors: {
      botCheck: tokenAtOnce(),
      submitLead: fromPromise<SubmitLeadOutput, SubmitLeadInput>(({ input, signal }) => submitLead(input, signal)),
    },
    actions: { leadAccepted, openSchedule },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, submitLead, leadAccepted, openSchedule }
}
type Actor = ReturnType<typeof start>['actor']

/** The address goes to the form's address search, which owns it; the rest to the form. */
const typeAddress = (actor: Actor, value: string) => actor.getSnapshot().context.address.send({ type: 'query.changed', value })
const addressOf = (actor: Actor) => actor.getSnapshot().context.address.getSnapshot().context.query

function fill(actor: Actor, { business, ...values }: LeadValues) {
  for (const [field, value] of Object.entries(values) as [keyof typeof values, string][]) {
    actor.send({ type: 'field.changed', field, value })
  }
  typeAddress(actor, business)
}
const { business: _business, ...typedFields } = typed

describe('leadFormMachine', () => {
  it('starts idle with empty values, no error and a uuid submissionId, merging initialValues; the address goes to its search', () => {
    const actor = createActor(leadFormMachine, { input: { ...input, initialValues: { locations: '1', business: '1 Main St' } } })
    const { value, context } = actor.getSnapshot()
    expect(value).toBe('idle')
    expect(context.values).toEqual({ locations: '1', name: '', phone: '', email: '', note: '' })
    expect(context.address.getSnapshot().context.query).toBe('1 Main St')
    expect(context.error).toBeNull()
    expect(context.submissionId).toMatch(UUID)
  })

  it.each(['', '   '])('refuses a blank address (%j) without calling submitLead, asking for focus there', (business) => {
    const { actor, submitLead } = start(async () => ({ id: 'x' }))
    const refused = vi.fn()
    actor.on('field.refused', refused)
    fill(actor, { ...typed, business })
    actor.send({ type: 'lead.submit' })
    expect(refused).toHaveBeenCalledWith({ type: 'field.refused', field: 'business' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ business: ADDRESS_REQUIRED })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(submitLead).not.toHaveBeenCalled()
  })

  it.each(['12345', '0422 47x 721', '+61 4224 7072 1999 99', ''])(
    'refuses the phone %j at its field, asking for focus there each time',
    (phone) => {
      const { actor, submitLead } = start(async () => ({ id: 'x' }))
      const refused = vi.fn()
      actor.on('field.refused', refused)
      fill(actor, { ...typed, phone })
      actor.send({ type: 'lead.submit' })
      expect(actor.getSnapshot().context.fieldErrors.phone).toBe(phone ? PHONE_INVALID : 'Please enter your phone number')
      actor.send({ type: 'lead.submit' })
      expect(refused.mock.calls).toEqual([[{ type: 'field.refused', field: 'phone' }], [{ type: 'field.refused', field: 'phone' }]])
      expect(submitLead).not.toHaveBeenCalled()

      actor.send({ type: 'field.changed', field: 'phone', value: '+61 422 470 721' })
      expect(actor.getSnapshot().context.fieldErrors).toEqual({})
    },
  )

  it('sends the phone as typed; the schema makes it digits on the way out', async () => {
    const { actor, submitLead } = start(async () => ({ id: 'item-1' }))
    fill(actor, { ...typed, phone: '+61 422 470 721' })
    actor.send({ type: 'lead.submit' })
    await waitFor(actor, (s) => s.matches('accepted'))
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
    expect(actor.getSnapshot().matches('submitting')).toBe(true)
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
    await waitFor(actor, (s) => s.matches('accepted'))
  })

  it('on success clears the form, tells the page once and starts a new submission', async () => {
    const { actor, leadAccepted } = start(async () => ({ id: 'item-42' }))
    fill(actor, typed)
    const before = actor.getSnapshot().context.submissionId
    actor.send({ type: 'lead.submit' })
    const after = await waitFor(actor, (s) => s.matches('accepted'))

    expect(after.context.values).toEqual({ locations: '', name: '', phone: '', email: '', note: '' })
    expect(addressOf(actor)).toBe('')
    expect(after.context.error).toBeNull()
    expect(leadAccepted).toHaveBeenCalledTimes(1)
    expect(after.context.submissionId).toMatch(UUID)
    expect(after.context.submissionId).not.toBe(before)
  })

  it('an accepted lead holds Congrats open until it is closed; its Schedule Your Call asks the page for /schedule', async () => {
    const { actor, openSchedule } = start(async () => ({ id: 'item-42' }))
    fill(actor, typed)
    actor.send({ type: 'lead.submit' })
    await waitFor(actor, (s) => s.matches('accepted'))
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().value).toBe('accepted')
    actor.send({ type: 'congrats.close' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(openSchedule).not.toHaveBeenCalled()

    fill(actor, typed)
    actor.send({ type: 'lead.submit' })
    await waitFor(actor, (s) => s.matches('accepted'))
    actor.send({ type: 'congrats.schedule' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(openSchedule).toHaveBeenCalledTimes(1)
  })

  it('on failure keeps the values as typed, shows the error and retries with the same submissionId', async () => {
    const { actor, submitLead, leadAccepted } = start(async () => {
      throw new Error('HTTP 500')
    })
    fill(actor, typed)
    const { submissionId } = actor.getSnapshot().context
    actor.send({ type: 'lead.submit' })
    const failed = await waitFor(actor, (s) => s.matches('idle'))

    expect(failed.context.error).toBe('submit-failed')
    expect(failed.context.fieldErrors).toEqual({})
    expect(failed.context.values).toEqual(typedFields)
    expect(addressOf(actor)).toBe(typed.business)
    expect(failed.context.submissionId).toBe(submissionId)
    expect(leadAccepted).not.toHaveBeenCalled()

    submitLead.mockImplementationOnce(async () => ({ id: 'item-7' }))
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (s) => s.matches('accepted'))
    expect(submitLead).toHaveBeenCalledTimes(2)
    expect(submitLead.mock.calls[1]?.[0].submissionId).toBe(submissionId)
    expect(leadAccepted).toHaveBeenCalledTimes(1)
  })

  it('ignores a second submit and field edits while submitting', async () => {
    const pending = deferred<SubmitLeadOutput>()
    const { actor, submitLead, leadAccepted } = start(() => pending.promise)
    fill(actor, typed)
    actor.send({ type: 'lead.submit' })
    actor.send({ type: 'lead.submit' })
    actor.send({ type: 'field.changed', field: 'name', value: 'Someone else' })

    expect(submitLead).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().matches('submitting')).toBe(true)
    expect(actor.getSnapshot().context.values).toEqual(typedFields)

    pending.resolve({ id: 'item-1' })
    await waitFor(actor, (s) => s.matches('accepted'))
    expect(submitLead).toHaveBeenCalledTimes(1)
    expect(leadAccepted).toHaveBeenCalledTimes(1)
  })

  it('typing in the address (its search reports the change) clears its error; other fields keep it', () => {
    const { actor } = start(async () => ({ id: 'x' }))
    fill(actor, { ...typed, business: '' })
    actor.send({ type: 'lead.submit' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ business: ADDRESS_REQUIRED })

    actor.send({ type: 'field.changed', field: 'name', value: 'Jane' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ business: ADDRESS_REQUIRED })

    typeAddress(actor, '1')
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
    expect(addressOf(actor)).toBe('1')
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
    for (const [field, value] of Object.entries(typedFields) as [keyof typeof typedFields, string][])
      actor.send({ type: 'field.changed', field, value })
    typeAddress(actor, '1 Main St')
    actor.send({ type: 'lead.submit' })
    const snapshot = await waitFor(actor, (s) => s.matches('idle'))
    expect(snapshot.context.error).toBe('submit-failed')
  })
})

describe('leadFormMachine note', () => {
  const shown = (actor: Actor) => actor.getSnapshot().context.noteShown

  it('a form rendered in the browser folds it away unless it holds text', () => {
    const empty = start(async () => ({ id: 'x' })).actor
    expect(shown(empty)).toBe(true)
    empty.send({ type: 'form.adopted', values: { name: 'Quinn' } })
    expect(shown(empty)).toBe(false)

    const typedBefore = start(async () => ({ id: 'x' })).actor
    typedBefore.send({ type: 'form.adopted', values: { note: 'Two clinics' } })
    expect(shown(typedBefore)).toBe(true)
    typedBefore.send({ type: 'note.remove' })
    expect(typedBefore.getSnapshot().context).toMatchObject({ noteShown: false, values: { note: '' } })
  })

  it('the prerendered page keeps it shown when hydrated, empty or not, so the form keeps its height (issue 45)', () => {
    const empty = start(async () => ({ id: 'x' })).actor
    empty.send({ type: 'form.adopted', values: { name: 'Quinn' }, prerendered: true })
    expect(shown(empty)).toBe(true)
    const typedBefore = start(async () => ({ id: 'x' })).actor
    typedBefore.send({ type: 'form.adopted', values: { note: 'Two clinics' }, prerendered: true })
    expect(typedBefore.getSnapshot().context).toMatchObject({ noteShown: true, values: { note: 'Two clinics' } })
    typedBefore.send({ type: 'note.remove' })
    expect(typedBefore.getSnapshot().context).toMatchObject({ noteShown: false, values: { note: '' } })
  })

  it('add shows it; remove hides it and clears the text; it can be added again', () => {
    const { actor } = start(async () => ({ id: 'x' }))
    actor.send({ type: 'form.adopted', values: {} })
    actor.send({ type: 'note.add' })
    actor.send({ type: 'note.add' })
    expect(shown(actor)).toBe(true)
    actor.send({ type: 'field.changed', field: 'note', value: 'never mind' })
    actor.send({ type: 'note.remove' })
    expect(actor.getSnapshot().context).toMatchObject({ noteShown: false, values: { note: '' } })
    actor.send({ type: 'note.add' })
    expect(actor.getSnapshot().context).toMatchObject({ noteShown: true, values: { note: '' } })
  })

  it('is sent with the lead, and folds away for the next one', async () => {
    const { actor, submitLead } = start(async () => ({ id: 'item-1' }))
    actor.send({ type: 'form.adopted', values: {} })
    actor.send({ type: 'note.add' })
    fill(actor, { ...typed, note: ' We see mostly cats ' })
    actor.send({ type: 'lead.submit' })
    await waitFor(actor, (s) => s.matches('accepted'))
    expect(submitLead.mock.calls[0]?.[0].lead.note).toBe('We see mostly cats')
    expect(actor.getSnapshot().context).toMatchObject({ noteShown: false, values: { note: '' } })
  })
})
