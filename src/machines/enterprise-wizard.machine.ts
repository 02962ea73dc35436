import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { addressAutocompleteMachine } from './address-autocomplete.machine'
import { DEFAULT_BILLING_CYCLE, EMPTY_CONTACT, RegistrationSchema, validateContact } from '@/schemas/enterprise'
import type {
  EnterpriseWizardContext,
  EnterpriseWizardEvent,
  EnterpriseWizardInput,
  SaveRegistrationInput,
} from './enterprise-wizard.types'

export type * from './enterprise-wizard.types'

export type AddressSearchRef = ActorRefFrom<typeof addressAutocompleteMachine>
type WizardContext = EnterpriseWizardContext & { address: AddressSearchRef }

/** The suggestion the visitor picks, read from the address search the wizard owns. */
const chosenAddress = (context: WizardContext, event: EnterpriseWizardEvent) => {
  const search = context.address.getSnapshot()
  if (event.type !== 'address.choose' || !search.matches({ enabled: 'showing' })) return undefined
  return search.context.predictions[event.index ?? search.context.highlightedIndex]?.description
}

const registration = (context: WizardContext): SaveRegistrationInput =>
  v.parse(RegistrationSchema, { ...context.values, selected_plan: context.plan, billing_cycle: context.billingCycle })

export const enterpriseWizardMachine = setup({
  types: {
    input: {} as EnterpriseWizardInput,
    context: {} as WizardContext,
    events: {} as EnterpriseWizardEvent,
  },
  actors: {
    addressAutocomplete: addressAutocompleteMachine,
    saveRegistration: fromPromise<void, SaveRegistrationInput>(async () => {
      throw new Error('saveRegistration not provided')
    }),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {}
      return { values: { ...context.values, [event.field]: event.value }, errors: { ...context.errors, [event.field]: undefined } }
    }),
    setAgreement: assign(({ context, event }) => {
      if (event.type !== 'agreement.changed') return {}
      const legal_agreements = { ...context.values.legal_agreements, [event.document]: event.accepted }
      return { values: { ...context.values, legal_agreements }, errors: { ...context.errors, [event.document]: undefined } }
    }),
    adoptValues: assign(({ context, event }) => {
      if (event.type !== 'form.adopted') return {}
      const legal_agreements = { ...context.values.legal_agreements, ...event.agreements }
      return { values: { ...context.values, ...event.values, legal_agreements } }
    }),
    searchAddress: sendTo(
      ({ context }) => context.address,
      ({ event }) => ({
        type: 'query.changed' as const,
        value: event.type === 'field.changed' ? event.value : '',
      }),
    ),
    setChosenAddress: assign(({ context, event }) => ({
      values: { ...context.values, full_address: chosenAddress(context, event) ?? context.values.full_address },
      errors: { ...context.errors, full_address: undefined },
    })),
    forwardToAddress: sendTo(
      ({ context }) => context.address,
      ({ event }) => {
        if (event.type === 'address.next') return { type: 'list.next' as const }
        if (event.type === 'address.previous') return { type: 'list.previous' as const }
        if (event.type === 'address.choose') return { type: 'list.choose' as const, index: event.index }
        return { type: 'list.close' as const }
      },
    ),
    closeAddressList: sendTo(({ context }) => context.address, { type: 'list.close' as const }),
    showErrors: assign(({ context }) => {
      const result = validateContact(context.values)
      return { errors: result.success ? {} : result.errors, refusals: context.refusals + 1 }
    }),
    clearErrors: assign({ errors: {} }),
    selectPlan: assign({ plan: ({ context, event }) => (event.type === 'plan.selected' ? event.plan : context.plan) }),
    setBillingCycle: assign({
      billingCycle: ({ context, event }) => (event.type === 'billing.changed' ? event.cycle : context.billingCycle),
    }),
    openDetails: assign({ detailsPlan: ({ event }) => (event.type === 'details.open' ? event.plan : null) }),
    closeDetails: assign({ detailsPlan: null }),
    clearFailure: assign({ submitFailed: false }),
    showFailure: assign({ submitFailed: true }),
  },
  guards: {
    isAddressField: ({ event }) => event.type === 'field.changed' && event.field === 'full_address',
    hasChosenAddress: ({ context, event }) => chosenAddress(context, event) !== undefined,
    isContactValid: ({ context }) => validateContact(context.values).success,
    hasPlan: ({ context }) => context.plan !== null,
  },
}).createMachine({
  id: 'enterpriseWizard',
  // The address search lives as long as the wizard, so Back finds it as it was left.
  context: ({ input, spawn }) => ({
    address: spawn('addressAutocomplete', { id: 'address', input: { enabled: input.placesEnabled } }),
    placesEnabled: input.placesEnabled,
    values: EMPTY_CONTACT,
    errors: {},
    refusals: 0,
    plan: null,
    billingCycle: DEFAULT_BILLING_CYCLE,
    detailsPlan: null,
    submitFailed: false,
  }),
  initial: 'contact',
  states: {
    contact: {
      // A search still waiting or in flight must not pop a list up on the next step or after Back.
      exit: 'closeAddressList',
      on: {
        'field.changed': [{ guard: 'isAddressField', actions: ['setField', 'searchAddress'] }, { actions: 'setField' }],
        'agreement.changed': { actions: 'setAgreement' },
        'form.adopted': { actions: 'adoptValues' },
        'address.choose': { guard: 'hasChosenAddress', actions: ['setChosenAddress', 'forwardToAddress'] },
        'address.next': { actions: 'forwardToAddress' },
        'address.previous': { actions: 'forwardToAddress' },
        'address.close': { actions: 'forwardToAddress' },
        'wizard.next': [{ guard: 'isContactValid', target: 'plan', actions: 'clearErrors' }, { actions: 'showErrors' }],
      },
    },
    plan: {
      initial: 'choosing',
      on: {
        'plan.selected': { actions: 'selectPlan' },
        'billing.changed': { actions: 'setBillingCycle' },
        'wizard.back': { target: 'contact', actions: ['clearFailure', 'closeDetails'] },
        'wizard.confirm': { guard: 'hasPlan', target: 'submitting', actions: ['clearFailure', 'closeDetails'] },
      },
      states: {
        choosing: {
          on: { 'details.open': { target: 'details', actions: 'openDetails' } },
        },
        details: {
          on: { 'details.close': { target: 'choosing', actions: 'closeDetails' } },
        },
      },
    },
    submitting: {
      invoke: {
        src: 'saveRegistration',
        input: ({ context }) => registration(context),
        onDone: { target: 'done' },
        onError: { target: 'plan', actions: 'showFailure' },
      },
    },
    done: { type: 'final' },
  },
})
