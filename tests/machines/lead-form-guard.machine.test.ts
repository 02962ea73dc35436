import { afterEach, describe, expect, it, vi } from 'vitest'
import { PHONE_INVALID } from '@/schemas/lead-phone'
import { createActor, fromPromise, waitFor } from 'xstate'
import { leadFormMachine, type SubmitLeadInput, type SubmitLeadOutput } from '@/machines/lead-form.machine'
import { botCheckWith, tokenAtOnce } from './token-fakes'

// The spam signals and the rate-limit message; the rest of the machine: lead-form.machine.test.ts.
const input = { tracking: { platform: '', keyword: '' }, source: { path: '/', label: 'Homepage' } }
const values = { locations: '1', name: 'Jane', phone: '0422470721', email: 'jane@example.com', business: '1 Main St', note: '' }
const { business, ...fields } = values

function start(submit: (input: SubmitLeadInput) => Promise<SubmitLeadOutput>) {
  const submitLead = vi.fn(submit)
  const actor = createActor(
    leadFormMachine.provide({
      actors: { botCheck: tokenAtOnce(), submitLead: fromPromise<SubmitLeadOutput, SubmitLeadInput>(({ input }) => submitLead(input)) },
    }),
    { input: { ...input, initialValues: values } },
  )
  actor.start()
  return { actor, submitLead }
}

afterEach(() => vi.useRealTimers())

describe('leadFormMachine spam signals', () => {
  it('sends what the hidden field held, and no fill time of its own (the server measures it), with the bot check token', () => {
    const submitLead = vi.fn((_: SubmitLeadInput) => new Promise<SubmitLeadOutput>(() => {}))
    const actor = createActor(
      leadFormMachine.provide({
        actors: {
          botCheck: tokenAtOnce('XXXX.DUMMY.TOKEN.XXXX'),
          submitLead: fromPromise<SubmitLeadOutput, SubmitLeadInput>(({ input }) => submitLead(input)),
        },
      }),
      { input: { ...input, initialValues: values } },
    ).start()
    actor.send({ type: 'lead.submit', honeypot: 'http://spam.test' })
    expect(submitLead.mock.calls[0]?.[0]).toMatchObject({
      guard: { honeypot: 'http://spam.test', fillMs: 0 },
      turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
    })
  })

  it('sends the lead without a token when the bot check has none (blocked widget, failed challenge), never holding it back', async () => {
    const failing = createActor(
      leadFormMachine.provide({
        actors: {
          botCheck: botCheckWith(async () => ({ missing: 'blocked' })),
          submitLead: fromPromise<SubmitLeadOutput, SubmitLeadInput>(async ({ input: sent }) => {
            expect(sent).not.toHaveProperty('turnstileToken')
            return { id: 'item-2' }
          }),
        },
      }),
      { input: { ...input, initialValues: values } },
    ).start()
    failing.send({ type: 'lead.submit' })
    expect(failing.getSnapshot().matches({ submitting: 'verifying' })).toBe(true)
    await waitFor(failing, (snapshot) => snapshot.matches('accepted'))
    const { actor, submitLead } = start(async () => ({ id: 'item-3' }))
    actor.send({ type: 'lead.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('accepted'))
    expect(submitLead.mock.calls[0]?.[0]).not.toHaveProperty('turnstileToken')
  })
})

describe('leadFormMachine failures', () => {
  it.each([
    ['a rate limit', { kind: 'rate-limited', status: 429 }, 'rate-limited'],
    ['any other failure', { kind: 'unavailable', status: 503 }, 'submit-failed'],
  ])('%s names its error kind and keeps the values', async (_case, error, message) => {
    const { actor } = start(() => Promise.reject(Object.assign(new Error('failed'), error)))
    actor.send({ type: 'lead.submit' })
    const after = await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(after.context.error).toBe(message)
    expect(after.context.values).toEqual(fields)
    expect(after.context.address.getSnapshot().context.query).toBe(business)
  })

  it("a refusal naming lead fields (the function's 400) marks those fields, never the generic error", async () => {
    const issues = [
      { path: 'lead.email', message: 'Please enter a valid email' },
      { path: 'lead.email', message: 'Please enter your email' },
      { path: 'lead.phone', message: 'words the page does not know' },
    ]
    const { actor } = start(() => Promise.reject(Object.assign(new Error('HTTP 400'), { kind: 'invalid', status: 400, issues })))
    const refused = vi.fn()
    actor.on('field.refused', refused)
    actor.send({ type: 'lead.submit' })
    const after = await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(after.context.error).toBeNull()
    expect(after.context.fieldErrors).toEqual({ email: 'Please enter a valid email', phone: PHONE_INVALID })
    expect(refused).toHaveBeenCalledWith({ type: 'field.refused', field: 'phone' })
    expect(after.context.values).toEqual(fields)
  })

  it('a 400 that names no lead field is the submit failure', async () => {
    const issues = [{ path: 'source.path', message: 'Invalid' }]
    const { actor } = start(() => Promise.reject(Object.assign(new Error('HTTP 400'), { kind: 'invalid', status: 400, issues })))
    actor.send({ type: 'lead.submit' })
    const after = await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(after.context).toMatchObject({ error: 'submit-failed', fieldErrors: {} })
  })
})
