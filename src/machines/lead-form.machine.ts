import { assertEvent, assign, fromPromise, not, setup, stopChild, type ActorRefFrom } from 'xstate'
import { addressAutocompleteMachine, type AddressChangedEvent } from './address-autocomplete.machine'
import type { Lead, LeadCheck, LeadErrorKind, LeadReply, LeadSource, SpamGuard, Tracking } from '@/schemas/lead'
import { isAcceptablePhone } from '@/schemas/lead-phone'

/** A lead's fields as typed: plain strings, validated by LeadSubmissionSchema in the service. */
export type LeadValues = Record<keyof Lead, string>
/** The fields the form holds; the address text is its address search's. */
type FormValues = Omit<LeadValues, 'business'>
export type LeadField = keyof FormValues

const EMPTY_VALUES: FormValues = { locations: '', name: '', phone: '', email: '', note: '' }

export interface LeadFormInput {
  tracking: Tracking
  source: LeadSource
  /** `business` becomes the address search's text. */
  initialValues?: Partial<LeadValues>
  /** false when the places service is unavailable: the address is plain text entry. */
  placesEnabled?: boolean
  /** The review check this lead is booked from; sent with every lead of this form. */
  check?: LeadCheck
  /** The AI reply draft this lead is booked from (its settings and source, never the text). */
  reply?: LeadReply
}

export type LeadAddressSearchRef = ActorRefFrom<typeof addressAutocompleteMachine>

export interface LeadFormContext {
  values: FormValues
  /** The optional note (veterinary form): shown until hydration, then while it holds text or once added. */
  noteShown: boolean
  error: LeadErrorKind | null
  /** How long the server asked to wait after a failed submission (Retry-After), when it said. */
  retryAfterSeconds: number | null
  /** Counts the submissions refused for a field, so the page moves focus to it each time. */
  refusals: number
  tracking: Tracking
  source: LeadSource
  /** One id per lead, kept across retries so the server can recognise a resubmission. */
  submissionId: string
  /** When this lead's form was shown (ms), and the spam signals taken at submit. */
  shownAt: number
  guard: SpamGuard
  /** The address search this form owns, and with it the address text; a new one starts with each new lead. */
  address: LeadAddressSearchRef
  placesEnabled: boolean
  check?: LeadCheck
  reply?: LeadReply
}

export type LeadFormEvent =
  | { type: 'field.changed'; field: LeadField; value: string }
  /** `honeypot`: the hidden field people never see, as the form held it. */
  | { type: 'lead.submit'; honeypot?: string }
  /** Hydration: what the visitor typed or chose before the script ran, read from the page (the address goes to its search). */
  | { type: 'form.adopted'; values: Partial<FormValues> }
  /** The native post came back with invalid input (`?lead=error`). */
  | { type: 'native.failed' }
  | { type: 'note.add' }
  | { type: 'note.remove' }
  | AddressChangedEvent

/** LeadSubmission-shaped; the app's actor parses it with LeadSubmissionSchema before sending. */
export interface SubmitLeadInput {
  submissionId: string
  lead: LeadValues
  tracking: Tracking
  source: LeadSource
  guard: SpamGuard
  check?: LeadCheck
  reply?: LeadReply
}
export interface SubmitLeadOutput {
  id: string
}

/** What a failed submission tells about itself: a ServiceError's kind and Retry-After. */
type SubmitFailure = { kind?: unknown; retryAfterSeconds?: unknown }
const failureOf = (error: unknown): SubmitFailure => (typeof error === 'object' && error !== null ? error : {})

const addressOf = (context: LeadFormContext) => context.address.getSnapshot().context.query

const submission = (context: LeadFormContext): SubmitLeadInput => {
  const { locations, name, phone, email, note } = context.values
  return {
    submissionId: context.submissionId,
    lead: {
      locations: locations.trim(),
      name: name.trim(),
      phone: phone.trim(),
      email: email.trim(),
      business: addressOf(context).trim(),
      note: note.trim(),
    },
    tracking: context.tracking,
    source: context.source,
    guard: context.guard,
    ...(context.check ? { check: context.check } : {}),
    ...(context.reply ? { reply: context.reply } : {}),
  }
}

export const leadFormMachine = setup({
  types: {
    input: {} as LeadFormInput,
    context: {} as LeadFormContext,
    events: {} as LeadFormEvent,
  },
  actors: {
    addressAutocomplete: addressAutocompleteMachine,
    submitLead: fromPromise<SubmitLeadOutput, SubmitLeadInput>(async () => {
      throw new Error('submitLead not provided')
    }),
  },
  actions: {
    assignNewSubmissionId: assign({ submissionId: () => crypto.randomUUID(), shownAt: () => Date.now() }),
    stampGuard: assign(({ context }, honeypot: string) => ({ guard: { honeypot, fillMs: Math.max(0, Date.now() - context.shownAt) } })),
    setField: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'field.changed')
        return { ...context.values, [event.field]: event.value }
      },
    }),
    stopAddressSearch: stopChild(({ context }) => context.address),
    startAddressSearch: assign({
      address: ({ context, spawn }) => spawn('addressAutocomplete', { input: { enabled: context.placesEnabled } }),
    }),
    adoptValues: assign(({ context, event }) => {
      assertEvent(event, 'form.adopted')
      const values = { ...context.values, ...event.values }
      return { values, noteShown: values.note !== '' }
    }),
    clearForm: assign({ values: EMPTY_VALUES, noteShown: false }),
    showNote: assign({ noteShown: true }),
    removeNote: assign({ noteShown: false, values: ({ context }) => ({ ...context.values, note: '' }) }),
    clearError: assign({ error: null, retryAfterSeconds: null }),
    clearPhoneError: assign({ error: ({ context }) => (context.error === 'phone-invalid' ? null : context.error) }),
    showPhoneInvalid: assign({ error: 'phone-invalid' as const, refusals: ({ context }) => context.refusals + 1 }),
    showAddressRequired: assign({ error: 'address-required' as const, refusals: ({ context }) => context.refusals + 1 }),
    showFailure: assign((_, failure: SubmitFailure) => ({
      error: failure.kind === 'rate-limited' ? ('rate-limited' as const) : ('submit-failed' as const),
      retryAfterSeconds: typeof failure.retryAfterSeconds === 'number' && failure.retryAfterSeconds > 0 ? failure.retryAfterSeconds : null,
    })),
    /** The page's: analytics, the Congrats dialog, whoever holds the form. */
    leadAccepted: () => {},
  },
  guards: {
    hasAddress: ({ context }) => addressOf(context).trim() !== '',
    hasAcceptablePhone: ({ context }) => isAcceptablePhone(context.values.phone),
    isPhoneField: (_, field: LeadField) => field === 'phone',
  },
}).createMachine({
  id: 'leadForm',
  context: ({ input, spawn }) => {
    const { business, ...values } = input.initialValues ?? {}
    return {
      address: spawn('addressAutocomplete', { input: { enabled: input.placesEnabled ?? false, query: business } }),
      placesEnabled: input.placesEnabled ?? false,
      ...(input.check ? { check: input.check } : {}),
      ...(input.reply ? { reply: input.reply } : {}),
      values: { ...EMPTY_VALUES, ...values },
      noteShown: true,
      error: null,
      retryAfterSeconds: null,
      refusals: 0,
      tracking: input.tracking,
      source: input.source,
      submissionId: '',
      shownAt: 0,
      guard: { honeypot: '', fillMs: 0 },
    }
  },
  entry: 'assignNewSubmissionId',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.changed': [
          { guard: { type: 'isPhoneField', params: ({ event }) => event.field }, actions: ['setField', 'clearPhoneError'] },
          { actions: 'setField' },
        ],
        'address.changed': { actions: 'clearError' },
        'note.add': { actions: 'showNote' },
        'note.remove': { actions: 'removeNote' },
        'form.adopted': { actions: 'adoptValues' },
        'native.failed': { actions: { type: 'showFailure', params: {} } },
        'lead.submit': [
          { guard: not('hasAcceptablePhone'), actions: 'showPhoneInvalid' },
          {
            guard: 'hasAddress',
            target: 'submitting',
            actions: ['clearError', { type: 'stampGuard', params: ({ event }) => event.honeypot ?? '' }],
          },
          { actions: 'showAddressRequired' },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'submitLead',
        input: ({ context }) => submission(context),
        onDone: {
          target: 'idle',
          actions: [
            'leadAccepted',
            'clearForm',
            'assignNewSubmissionId',
            // A new lead starts a fresh search (and Places session).
            'stopAddressSearch',
            'startAddressSearch',
          ],
        },
        onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }) => failureOf(event.error) } },
      },
    },
  },
})
