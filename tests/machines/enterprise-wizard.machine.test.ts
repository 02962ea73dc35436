import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor, type ActorRefFrom } from 'xstate'
import {
  addressAutocompleteMachine,
  type FetchPredictionsInput,
  type FetchPredictionsOutput,
} from '@/machines/address-autocomplete.machine'
import { enterpriseWizardMachine, type SaveRegistrationInput, type SaveRegistrationOutput } from '@/machines/enterprise-wizard.machine'
import { botCheckMachine, shownPhase } from '@/machines/bot-check.machine'
import type { ContactTextField } from '@/schemas/enterprise'
import { enterpriseErrorMessages } from '@/content/enterprise-copy'
import { FailureError } from '@/schemas/failure'
import { deferred, ok } from './address-autocomplete.harness'
import { botCheckWith, tokenAtOnce } from './token-fakes'

type Save = (input: SaveRegistrationInput, signal: AbortSignal) => Promise<SaveRegistrationOutput | void>

function start(
  save: Save = async () => ({ verified: true }),
  fetch = async (): Promise<FetchPredictionsOutput> => ok('78 Harbour Street, Sydney NSW'),
) {
  const saveRegistration = vi.fn(save)
  const fetchPredictions = vi.fn(fetch)
  const clock = new SimulatedClock()
  const machine = enterpriseWizardMachine.provide({
    actors: {
      botCheck: tokenAtOnce('XXXX.DUMMY.TOKEN.XXXX'),
      addressAutocomplete: addressAutocompleteMachine.provide({
        actors: { fetchPredictions: fromPromise<FetchPredictionsOutput, FetchPredictionsInput>(() => fetchPredictions()) },
      }),
      saveRegistration: fromPromise<SaveRegistrationOutput, SaveRegistrationInput>(
        async ({ input, signal }) => (await saveRegistration(input, signal)) ?? { verified: true },
      ),
    },
  })
  const actor = createActor(machine, { clock }).start()
  return { actor, clock, saveRegistration, fetchPredictions }
}
type Actor = ReturnType<typeof start>['actor']

const typed: Record<ContactTextField, string> = {
  name: ' Jane Doe ',
  phone: '+61 (422) 470-721',
  email: ' Jane@Example.COM ',
  company_name: 'Acme & Co.',
  seats: '11-50',
  full_address: '78 Harbour Street, Sydney NSW',
}

const search = (actor: Actor) => actor.getSnapshot().context.address
/** The address goes to the wizard's address search, which owns it; the rest to the wizard. */
const typeAddress = (actor: Actor, value: string) => search(actor).send({ type: 'query.changed', value })

function fillContact(actor: Actor, { full_address, ...values }: Record<ContactTextField, string> = typed) {
  for (const [field, value] of Object.entries(values) as [keyof typeof values, string][])
    actor.send({ type: 'field.changed', field, value })
  typeAddress(actor, full_address)
  for (const document of ['terms', 'privacy', 'cookies', 'dpa'] as const)
    actor.send({ type: 'agreement.changed', document, accepted: true })
}

function toPlanStep(actor: Actor) {
  fillContact(actor)
  actor.send({ type: 'wizard.next' })
  expect(actor.getSnapshot().matches('plan')).toBe(true)
}

describe('enterpriseWizardMachine', () => {
  it('starts on the contact step with empty values, quarterly billing and no plan', () => {
    const { actor } = start()
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().value).toBe('contact')
    expect(context.values.name).toBe('')
    expect(context.billingCycle).toBe('quarterly')
    expect(context.plan).toBeNull()
    expect(context.errors).toEqual({})
  })

  it('stays on contact and lists every error when Next is refused, asking the page for focus each time', () => {
    const { actor } = start()
    const refused = vi.fn()
    actor.on('contact.refused', refused)
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().value).toBe('contact')
    expect(Object.keys(actor.getSnapshot().context.errors)).toHaveLength(10)
    expect(refused).toHaveBeenCalledTimes(1)
    actor.send({ type: 'wizard.next' })
    expect(refused).toHaveBeenCalledTimes(2)
  })

  it('adopts step 1 as filled before hydration, handing the address to its search without searching', () => {
    const { actor, clock, fetchPredictions } = start()
    actor.send({
      type: 'form.adopted',
      values: { name: 'Jane Doe', full_address: '78 Harbour Street, Sydney NSW' },
      agreements: { terms: true },
    })
    clock.increment(1000)
    expect(actor.getSnapshot().context.values).toMatchObject({
      name: 'Jane Doe',
      email: '',
      legal_agreements: { terms: true, privacy: false },
    })
    expect(search(actor).getSnapshot().context.query).toBe('78 Harbour Street, Sydney NSW')
    expect(fetchPredictions).not.toHaveBeenCalled()
  })

  it("clears only the edited field's error, for text fields and agreements", () => {
    const { actor } = start()
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'field.changed', field: 'name', value: 'J' })
    actor.send({ type: 'agreement.changed', document: 'dpa', accepted: true })
    const { errors } = actor.getSnapshot().context
    expect(errors.name).toBeUndefined()
    expect(errors.dpa).toBeUndefined()
    expect(errors.email).toBe('email-required')
    expect(errors.terms).toBe('terms-required')
  })

  it('moves to the plan step when the contact details are valid, clearing errors', () => {
    const { actor } = start()
    actor.send({ type: 'wizard.next' })
    toPlanStep(actor)
    expect(actor.getSnapshot().context.errors).toEqual({})
  })

  it('reads the address from its search at Next: empty is refused with its message, typed or chosen goes on', async () => {
    const { actor, clock } = start()
    fillContact(actor, { ...typed, full_address: '  ' })
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().context.errors).toEqual({ full_address: 'address-required' })
    expect(enterpriseErrorMessages['address-required']).toBe('Full business address is required')

    typeAddress(actor, 'harb')
    expect(actor.getSnapshot().context.errors.full_address).toBeUndefined()
    clock.increment(300)
    await waitFor(search(actor), (s) => s.matches({ enabled: 'showing' }))
    search(actor).send({ type: 'list.next' })
    search(actor).send({ type: 'list.choose' })
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().matches('plan')).toBe(true)
  })

  it("clears only the address's error when its search reports a change", () => {
    const { actor } = start()
    actor.send({ type: 'wizard.next' })
    typeAddress(actor, '1')
    const { errors } = actor.getSnapshot().context
    expect(errors.full_address).toBeUndefined()
    expect(errors.name).toBe('name-required')
  })

  it('saves the address its search holds, as chosen from the list', async () => {
    const { actor, clock, saveRegistration } = start()
    fillContact(actor, { ...typed, full_address: '' })
    typeAddress(actor, 'harb')
    clock.increment(300)
    await waitFor(search(actor), (s) => s.matches({ enabled: 'showing' }))
    search(actor).send({ type: 'list.choose', index: 0 })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'plan.selected', plan: 'starter' })
    actor.send({ type: 'wizard.confirm' })
    expect(saveRegistration.mock.calls[0]?.[0].full_address).toBe('78 Harbour Street, Sydney NSW')
    await waitFor(actor, (s) => s.status === 'done')
  })

  it('drops a pending address search when the visitor moves on', () => {
    const { actor, clock, fetchPredictions } = start()
    fillContact(actor)
    typeAddress(actor, '78 Harbour Street')
    actor.send({ type: 'wizard.next' })
    clock.increment(300)
    expect(fetchPredictions).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.address.getSnapshot().matches({ enabled: 'idle' })).toBe(true)
  })

  it('Back returns to contact with every value kept, and the plan choices survive', () => {
    const { actor } = start()
    toPlanStep(actor)
    actor.send({ type: 'plan.selected', plan: 'growth' })
    actor.send({ type: 'billing.changed', cycle: 'biannually' })
    actor.send({ type: 'wizard.back' })
    const { value, context } = actor.getSnapshot()
    expect(value).toBe('contact')
    expect(context.values.name).toBe(typed.name)
    expect(context.address.getSnapshot().context.query).toBe(typed.full_address)
    expect(context.values.legal_agreements.dpa).toBe(true)
    expect(context.plan).toBe('growth')
    expect(context.billingCycle).toBe('biannually')
    actor.send({ type: 'wizard.next' })
    expect(actor.getSnapshot().matches('plan')).toBe(true)
  })

  it('opens and closes the plan details modal', () => {
    const { actor } = start()
    toPlanStep(actor)
    actor.send({ type: 'details.open', plan: 'starter' })
    expect(actor.getSnapshot().matches({ plan: 'details' })).toBe(true)
    expect(actor.getSnapshot().context.detailsPlan).toBe('starter')
    actor.send({ type: 'details.close' })
    expect(actor.getSnapshot().matches({ plan: 'choosing' })).toBe(true)
    expect(actor.getSnapshot().context.detailsPlan).toBeNull()
  })

  it('does not confirm without a plan', () => {
    const { actor, saveRegistration } = start()
    toPlanStep(actor)
    actor.send({ type: 'wizard.confirm' })
    expect(actor.getSnapshot().matches('plan')).toBe(true)
    expect(saveRegistration).not.toHaveBeenCalled()
  })

  it('saves the normalised row once, ignoring a second confirm and Back while sending, then finishes', async () => {
    const save = deferred<void>()
    const { actor, saveRegistration } = start(() => save.promise)
    toPlanStep(actor)
    actor.send({ type: 'plan.selected', plan: 'starter' })
    actor.send({ type: 'wizard.confirm' })
    expect(actor.getSnapshot().matches('submitting')).toBe(true)
    actor.send({ type: 'wizard.confirm' })
    actor.send({ type: 'wizard.back' })
    expect(actor.getSnapshot().matches('submitting')).toBe(true)
    expect(saveRegistration).toHaveBeenCalledOnce()
    expect(saveRegistration.mock.calls[0]?.[0]).toEqual({
      submission_id: actor.getSnapshot().context.submissionId,
      name: 'Jane Doe',
      phone: '+61422470721',
      email: 'jane@example.com',
      company_name: 'Acme & Co.',
      seats: '11-50',
      full_address: '78 Harbour Street, Sydney NSW',
      legal_agreements: { terms: true, privacy: true, cookies: true, dpa: true },
      selected_plan: 'starter',
      billing_cycle: 'quarterly',
      turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
    })
    save.resolve()
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('done')
  })

  it('returns to the plan step with everything kept when saving fails, and can retry', async () => {
    let fail = true
    const { actor, saveRegistration } = start(async () => {
      if (fail) throw new FailureError('unavailable', { service: 'registrations', status: 503 })
    })
    toPlanStep(actor)
    actor.send({ type: 'plan.selected', plan: 'growth' })
    actor.send({ type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.matches('plan'))
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'unavailable' })
    expect(actor.getSnapshot().context.plan).toBe('growth')
    expect(actor.getSnapshot().context.values.company_name).toBe('Acme & Co.')
    fail = false
    actor.send({ type: 'wizard.confirm' })
    expect(actor.getSnapshot().context.failure).toBeNull()
    await waitFor(actor, (s) => s.status === 'done')
    expect(saveRegistration).toHaveBeenCalledTimes(2)
  })

  it('sends one submission_id with every try of a registration, so a retry the database already has is one row', async () => {
    let tries = 0
    const { actor, saveRegistration } = start(async () => {
      tries += 1
      if (tries === 1) throw new FailureError('network', { service: 'registrations' })
    })
    const { submissionId } = actor.getSnapshot().context
    expect(submissionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    toPlanStep(actor)
    actor.send({ type: 'plan.selected', plan: 'growth' })
    actor.send({ type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.matches('plan'))
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'network' })
    actor.send({ type: 'billing.changed', cycle: 'biannually' })
    actor.send({ type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(saveRegistration.mock.calls.map(([row]) => row.submission_id)).toEqual([submissionId, submissionId])
    expect(start().actor.getSnapshot().context.submissionId).not.toBe(submissionId)
  })

  it("keeps the plan step and every value when the database's limit refuses, naming it rate-limited", async () => {
    const { actor } = start(async () => {
      throw new FailureError('rate-limited', { service: 'registrations', status: 429 })
    })
    toPlanStep(actor)
    actor.send({ type: 'plan.selected', plan: 'starter' })
    actor.send({ type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.matches('plan'))
    expect(actor.getSnapshot().context).toMatchObject({ failure: { kind: 'rate-limited' }, plan: 'starter' })
    expect(actor.getSnapshot().context.values.company_name).toBe('Acme & Co.')
  })

  it('a conflict (the registration is already saved) ends on step 3, naming it, with the plan and cycle kept', async () => {
    const { actor } = start(async () => {
      throw new FailureError('conflict', { service: 'registrations', status: 409, detail: '23505: duplicate key value' })
    })
    toPlanStep(actor)
    actor.send({ type: 'plan.selected', plan: 'starter' })
    actor.send({ type: 'billing.changed', cycle: 'biannually' })
    actor.send({ type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('done')
    expect(actor.getSnapshot().context).toMatchObject({ failure: { kind: 'conflict' }, plan: 'starter', billingCycle: 'biannually' })
  })

  it('sends the registration without a token when the bot check has none: it is then kept as unverified, never refused here', async () => {
    const saveRegistration = vi.fn(async (_: SaveRegistrationInput) => ({ verified: false }))
    const actor = createActor(
      enterpriseWizardMachine.provide({
        actors: {
          botCheck: botCheckWith(async () => ({ missing: 'blocked' })),
          saveRegistration: fromPromise<SaveRegistrationOutput, SaveRegistrationInput>(({ input }) => saveRegistration(input)),
        },
      }),
    ).start()
    for (const [field, value] of Object.entries(typed) as [ContactTextField, string][]) {
      if (field === 'full_address') search(actor).send({ type: 'query.changed', value })
      else actor.send({ type: 'field.changed', field, value })
    }
    for (const document of ['terms', 'privacy', 'cookies', 'dpa'] as const)
      actor.send({ type: 'agreement.changed', document, accepted: true })
    actor.send({ type: 'wizard.next' })
    actor.send({ type: 'plan.selected', plan: 'starter' })
    actor.send({ type: 'wizard.confirm' })
    expect(actor.getSnapshot().matches({ submitting: 'verifying' })).toBe(true)
    await waitFor(actor, (s) => s.status === 'done')
    expect(saveRegistration).toHaveBeenCalledOnce()
    expect(saveRegistration.mock.calls[0]?.[0]).not.toHaveProperty('turnstileToken')
    expect(saveRegistration.mock.calls[0]?.[0]).toMatchObject({ selected_plan: 'starter', email: 'jane@example.com' })
    // The function said unverified: step 3 must not promise an e-mail.
    expect(actor.getSnapshot().context.verified).toBe(false)
  })

  it('aborts the save when the wizard stops while sending', async () => {
    const { actor, saveRegistration } = start(() => new Promise(() => {}))
    toPlanStep(actor)
    actor.send({ type: 'plan.selected', plan: 'growth' })
    actor.send({ type: 'wizard.confirm' })
    const signal = saveRegistration.mock.calls[0]?.[1]
    actor.stop()
    expect(signal?.aborted).toBe(true)
  })

  it('names a failure it does not know, or a plain error, unexpected', async () => {
    const { actor } = start(async () => {
      throw new Error('supabase-js exploded')
    })
    toPlanStep(actor)
    actor.send({ type: 'plan.selected', plan: 'growth' })
    actor.send({ type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.matches('plan'))
    expect(actor.getSnapshot().context.failure).toEqual({ kind: 'unexpected' })
  })

  it('keeps plain text entry once places says it is unavailable', async () => {
    const { actor, clock, fetchPredictions } = start(undefined, () =>
      Promise.reject(new FailureError('unavailable', { service: 'places' })),
    )
    typeAddress(actor, '1 Main')
    clock.increment(300)
    await waitFor(search(actor), (s) => s.matches('disabled'))
    typeAddress(actor, '1 Main Street')
    clock.increment(1000)
    expect(fetchPredictions).toHaveBeenCalledTimes(1)
    expect(search(actor).getSnapshot().context.query).toBe('1 Main Street')
  })
})

// Issue 42.1: a genuine registrant whose check gave no token is shown the check, can take it or
// send without it, and step 3 hears from the function whether it was verified.
describe('enterpriseWizardMachine bot check', () => {
  function withCheck(check: ReturnType<typeof botCheckWith>, answer: { verified: boolean }) {
    const saveRegistration = vi.fn(async (_: SaveRegistrationInput) => answer)
    const actor = createActor(
      enterpriseWizardMachine.provide({
        actors: {
          botCheck: check,
          saveRegistration: fromPromise<SaveRegistrationOutput, SaveRegistrationInput>(({ input }) => saveRegistration(input)),
        },
      }),
    ).start()
    toPlanStep(actor)
    actor.send({ type: 'plan.selected', plan: 'growth' })
    actor.send({ type: 'wizard.confirm' })
    return { actor, saveRegistration }
  }
  const botCheckOf = (actor: Actor) => actor.getSnapshot().children.botCheck as ActorRefFrom<typeof botCheckMachine> | undefined

  it("keeps the function's word: verified with a token", async () => {
    const { actor } = withCheck(tokenAtOnce('XXXX.DUMMY.TOKEN.XXXX'), { verified: true })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().context.verified).toBe(true)
  })

  it('a token the function refused (verified: false) is not taken for verified', async () => {
    const { actor, saveRegistration } = withCheck(tokenAtOnce('XXXX.DUMMY.TOKEN.XXXX'), { verified: false })
    await waitFor(actor, (s) => s.status === 'done')
    expect(saveRegistration.mock.calls[0]?.[0]).toMatchObject({ turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' })
    expect(actor.getSnapshot().context.verified).toBe(false)
  })

  it('shows the check when none came and sends nothing until the visitor takes it; the token then goes with it', async () => {
    let give: (token: string) => void = () => {}
    const { actor, saveRegistration } = withCheck(
      botCheckWith(
        async () => ({ missing: 'failed' }),
        () => new Promise((resolve) => (give = (token) => resolve({ token }))),
      ),
      { verified: true },
    )
    await vi.waitFor(() => expect(shownPhase(botCheckOf(actor)?.getSnapshot()) === 'showing').toBe(true))
    expect(saveRegistration).not.toHaveBeenCalled()
    give('seen-token')
    await waitFor(actor, (s) => s.status === 'done')
    expect(saveRegistration.mock.calls[0]?.[0]).toMatchObject({ turnstileToken: 'seen-token' })
  })

  it('Send without the check sends it without a token, as unverified', async () => {
    const { actor, saveRegistration } = withCheck(
      botCheckWith(
        async () => ({ missing: 'failed' }),
        () => new Promise(() => {}),
      ),
      { verified: false },
    )
    await vi.waitFor(() => expect(shownPhase(botCheckOf(actor)?.getSnapshot()) !== null).toBe(true))
    actor.send({ type: 'botCheck.skip' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(saveRegistration.mock.calls[0]?.[0]).not.toHaveProperty('turnstileToken')
    expect(actor.getSnapshot().context.verified).toBe(false)
  })

  it('a conflict (an earlier try holds it) leaves verification unsaid: step 3 promises no e-mail', async () => {
    const { actor } = start(() => Promise.reject(new FailureError('conflict', { service: 'registrations', status: 409 })))
    toPlanStep(actor)
    actor.send({ type: 'plan.selected', plan: 'growth' })
    actor.send({ type: 'wizard.confirm' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().context.verified).toBeNull()
  })
})
