import { assertEvent, assign, emit, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { addressAutocompleteMachine } from './address-autocomplete.machine'
import { botCheckMachine, type BotCheckOutput } from './bot-check.machine'
import { botCheckChild, verifyingState } from './bot-check-verifying'
import { readFailure } from '@/schemas/failure'
import {
  DEFAULT_BILLING_CYCLE,
  EMPTY_CONTACT,
  REGISTRATION_FAILURE_KINDS,
  RegistrationInsertSchema,
  validateContact,
  type ContactValues,
} from '@/schemas/enterprise'
import type {
  EnterpriseWizardContext,
  EnterpriseWizardEmitted,
  EnterpriseWizardEvent,
  SaveRegistrationInput,
  SaveRegistrationOutput,
} from './enterprise-wizard.types'

export type * from './enterprise-wizard.types'

export type AddressSearchRef = ActorRefFrom<typeof addressAutocompleteMachine>
type WizardContext = EnterpriseWizardContext & { address: AddressSearchRef }

const { full_address: _address, ...EMPTY_VALUES } = EMPTY_CONTACT

/** Step 1 as filled, the address read from the search that holds it. */
const contact = (context: WizardContext): ContactValues => ({
  ...context.values,
  full_address: context.address.getSnapshot().context.query,
})

const registration = (context: WizardContext): SaveRegistrationInput => ({
  ...v.parse(RegistrationInsertSchema, {
    submission_id: context.submissionId,
    ...contact(context),
    selected_plan: context.plan,
    billing_cycle: context.billingCycle,
  }),
  ...(context.turnstileToken ? { turnstileToken: context.turnstileToken } : {}),
})

export const enterpriseWizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as EnterpriseWizardEvent,
    emitted: {} as EnterpriseWizardEmitted,
  },
  actors: {
    addressAutocomplete: addressAutocompleteMachine,
    saveRegistration: fromPromise<SaveRegistrationOutput, SaveRegistrationInput>(async () => {
      throw new Error('saveRegistration not provided')
    }),
    /** Without a token the registration is still sent, and kept as unverified. */
    botCheck: botCheckMachine,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      return { values: { ...context.values, [event.field]: event.value }, errors: { ...context.errors, [event.field]: undefined } }
    }),
    setAgreement: assign(({ context, event }) => {
      assertEvent(event, 'agreement.changed')
      const legal_agreements = { ...context.values.legal_agreements, [event.document]: event.accepted }
      return { values: { ...context.values, legal_agreements }, errors: { ...context.errors, [event.document]: undefined } }
    }),
    adoptValues: assign(({ context, event }) => {
      assertEvent(event, 'form.adopted')
      const { full_address: _address, ...typed } = event.values
      const legal_agreements = { ...context.values.legal_agreements, ...event.agreements }
      return { values: { ...context.values, ...typed, legal_agreements } }
    }),
    adoptAddress: sendTo(
      ({ context }) => context.address,
      ({ event }) => {
        assertEvent(event, 'form.adopted')
        return { type: 'query.adopted' as const, value: event.values.full_address ?? '' }
      },
    ),
    clearAddressError: assign({ errors: ({ context }) => ({ ...context.errors, full_address: undefined }) }),
    closeAddressList: sendTo(({ context }) => context.address, { type: 'list.close' as const }),
    showErrors: assign(({ context }) => {
      const result = validateContact(contact(context))
      return { errors: result.success ? {} : result.errors }
    }),
    focusErrors: emit({ type: 'contact.refused' as const }),
    clearErrors: assign({ errors: {} }),
    selectPlan: assign((_, plan: EnterpriseWizardContext['plan']) => ({ plan })),
    setBillingCycle: assign((_, billingCycle: EnterpriseWizardContext['billingCycle']) => ({ billingCycle })),
    openDetails: assign((_, detailsPlan: EnterpriseWizardContext['detailsPlan']) => ({ detailsPlan })),
    closeDetails: assign({ detailsPlan: null }),
    clearFailure: assign({ failure: null }),
    keepToken: assign((_, check: BotCheckOutput) => ({ turnstileToken: check.token })),
    /** What the function answered: whether it took the registration as from a person. */
    keepVerified: assign((_, verified: boolean | null) => ({ verified })),
    showFailure: assign((_, error: unknown) => ({
      failure: readFailure(error, REGISTRATION_FAILURE_KINDS, 'unexpected'),
    })),
  },
  guards: {
    isContactValid: ({ context }) => validateContact(contact(context)).success,
    hasPlan: ({ context }) => context.plan !== null,
    isConflict: (_, error: unknown) => readFailure(error, REGISTRATION_FAILURE_KINDS, 'unexpected').kind === 'conflict',
    adoptsAddress: ({ event }) => event.type === 'form.adopted' && Boolean(event.values.full_address),
  },
}).createMachine({
  id: 'enterpriseWizard',
  // The address search lives as long as the wizard, so Back finds it as it was left.
  context: ({ spawn }) => ({
    address: spawn('addressAutocomplete', { id: 'address', input: {} }),
    // One registration, one id, whatever the retries: the database keeps it unique.
    submissionId: crypto.randomUUID(),
    values: EMPTY_VALUES,
    errors: {},
    plan: null,
    billingCycle: DEFAULT_BILLING_CYCLE,
    detailsPlan: null,
    failure: null,
    verified: null,
  }),
  invoke: botCheckChild({ canSkip: true }),
  initial: 'contact',
  states: {
    contact: {
      // A search still waiting or in flight must not pop a list up on the next step or after Back.
      exit: 'closeAddressList',
      on: {
        'field.changed': { actions: 'setField' },
        'agreement.changed': { actions: 'setAgreement' },
        'form.adopted': [{ guard: 'adoptsAddress', actions: ['adoptValues', 'adoptAddress'] }, { actions: 'adoptValues' }],
        'address.changed': { actions: 'clearAddressError' },
        'wizard.next': [{ guard: 'isContactValid', target: 'plan', actions: 'clearErrors' }, { actions: ['showErrors', 'focusErrors'] }],
      },
    },
    plan: {
      initial: 'choosing',
      on: {
        'plan.selected': { actions: { type: 'selectPlan', params: ({ event }) => event.plan } },
        'billing.changed': { actions: { type: 'setBillingCycle', params: ({ event }) => event.cycle } },
        'wizard.back': { target: 'contact', actions: ['clearFailure', 'closeDetails'] },
        'wizard.confirm': { guard: 'hasPlan', target: 'submitting', actions: ['clearFailure', 'closeDetails'] },
      },
      states: {
        choosing: {
          on: { 'details.open': { target: 'details', actions: { type: 'openDetails', params: ({ event }) => event.plan } } },
        },
        details: {
          on: { 'details.close': { target: 'choosing', actions: 'closeDetails' } },
        },
      },
    },
    submitting: {
      initial: 'verifying',
      states: {
        verifying: verifyingState<WizardContext, EnterpriseWizardEvent>({ next: 'saving' }),
        saving: {
          invoke: {
            src: 'saveRegistration',
            input: ({ context }) => registration(context),
            onDone: { target: '#enterpriseWizard.done', actions: { type: 'keepVerified', params: ({ event }) => event.output.verified } },
            onError: [
              // The database already holds it: as good as saved, so step 3 shows, saying so.
              {
                guard: { type: 'isConflict', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: '#enterpriseWizard.done',
                actions: { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
              },
              {
                target: '#enterpriseWizard.plan',
                actions: { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
              },
            ],
          },
        },
      },
    },
    done: { type: 'final' },
  },
})
