import { assertEvent, assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { addressAutocompleteMachine } from './address-autocomplete.machine'
import { DEFAULT_BILLING_CYCLE, EMPTY_CONTACT, RegistrationSchema, validateContact, type ContactValues } from '@/schemas/enterprise'
import type {
  EnterpriseWizardContext,
  EnterpriseWizardEvent,
  EnterpriseWizardInput,
  SaveRegistrationInput,
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

const registration = (context: WizardContext): SaveRegistrationInput =>
  v.parse(RegistrationSchema, { ...contact(context), selected_plan: context.plan, billing_cycle: context.billingCycle })

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
      const legal_agreements = { ...context.values.legal_agreements, ...event.agreements }
      return { values: { ...context.values, ...event.values, legal_agreements } }
    }),
    clearAddressError: assign({ errors: ({ context }) => ({ ...context.errors, full_address: undefined }) }),
    closeAddressList: sendTo(({ context }) => context.address, { type: 'list.close' as const }),
    showErrors: assign(({ context }) => {
      const result = validateContact(contact(context))
      return { errors: result.success ? {} : result.errors, refusals: context.refusals + 1 }
    }),
    clearErrors: assign({ errors: {} }),
    selectPlan: assign((_, plan: EnterpriseWizardContext['plan']) => ({ plan })),
    setBillingCycle: assign((_, billingCycle: EnterpriseWizardContext['billingCycle']) => ({ billingCycle })),
    openDetails: assign((_, detailsPlan: EnterpriseWizardContext['detailsPlan']) => ({ detailsPlan })),
    closeDetails: assign({ detailsPlan: null }),
    clearFailure: assign({ submitFailure: null }),
    // By the failure's kind, not its class: a unique-key conflict means the row is already saved.
    showFailure: assign((_, error: unknown) => ({
      submitFailure: (error as { kind?: unknown } | null)?.kind === 'conflict' ? ('already-received' as const) : ('save-failed' as const),
    })),
  },
  guards: {
    isContactValid: ({ context }) => validateContact(contact(context)).success,
    hasPlan: ({ context }) => context.plan !== null,
  },
}).createMachine({
  id: 'enterpriseWizard',
  // The address search lives as long as the wizard, so Back finds it as it was left.
  context: ({ input, spawn }) => ({
    address: spawn('addressAutocomplete', { id: 'address', input: { enabled: input.placesEnabled } }),
    placesEnabled: input.placesEnabled,
    values: EMPTY_VALUES,
    errors: {},
    refusals: 0,
    plan: null,
    billingCycle: DEFAULT_BILLING_CYCLE,
    detailsPlan: null,
    submitFailure: null,
  }),
  initial: 'contact',
  states: {
    contact: {
      // A search still waiting or in flight must not pop a list up on the next step or after Back.
      exit: 'closeAddressList',
      on: {
        'field.changed': { actions: 'setField' },
        'agreement.changed': { actions: 'setAgreement' },
        'form.adopted': { actions: 'adoptValues' },
        'address.changed': { actions: 'clearAddressError' },
        'wizard.next': [{ guard: 'isContactValid', target: 'plan', actions: 'clearErrors' }, { actions: 'showErrors' }],
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
      invoke: {
        src: 'saveRegistration',
        input: ({ context }) => registration(context),
        onDone: { target: 'done' },
        onError: { target: 'plan', actions: { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    done: { type: 'final' },
  },
})
