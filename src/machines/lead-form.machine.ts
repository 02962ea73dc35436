import { assertEvent, assign, emit, fromPromise, not, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate'
import { addressAutocompleteMachine, type AddressChangedEvent } from './address-autocomplete.machine'
import type { Lead, LeadCheck, LeadErrorKind, LeadReply, LeadSource, SpamGuard, Tracking } from '@/schemas/lead'
import { isAcceptablePhone } from '@/schemas/lead-phone'
import { readFailure } from '@/schemas/failure'

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
  tracking: Tracking
  source: LeadSource
  /** One id per lead, kept across retries so the server can recognise a resubmission. */
  submissionId: string
  /** When this lead's form was shown (ms), and the spam signals taken at submit. */
  shownAt: number
  guard: SpamGuard
  /** The address search this form owns, and with it the address text; a new one starts with each new lead. */
  address: LeadAddressSearchRef
  check?: LeadCheck
  reply?: LeadReply
}

export type LeadFormEvent =
  | { type: 'field.changed'; field: LeadField; value: string }
  /** `honeypot`: the hidden field people never see, as the form held it. */
  | { type: 'lead.submit'; honeypot?: string }
  /** Hydration: what the visitor typed or chose before the script ran, read from the page (the address goes to its search). */
  | { type: 'form.adopted'; values: Partial<LeadValues> }
  /** The native post came back with invalid input (`?lead=error`). */
  | { type: 'native.failed' }
  | { type: 'note.add' }
  | { type: 'note.remove' }
  /** The Congrats dialog of an accepted lead: closed, or its Schedule Your Call chosen. */
  | { type: 'congrats.close' }
  | { type: 'congrats.schedule' }
  | AddressChangedEvent

/** Heard by the page (`actor.on`): a refused submission moves focus to the field it was refused for. */
export type LeadFormEmitted = { type: 'field.refused'; field: 'phone' | 'business' }

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
    emitted: {} as LeadFormEmitted,
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
      address: ({ spawn }) => spawn('addressAutocomplete', { input: {} }),
    }),
    adoptValues: assign(({ context, event }) => {
      assertEvent(event, 'form.adopted')
      const { business: _address, ...typed } = event.values
      const values = { ...context.values, ...typed }
      return { values, noteShown: values.note !== '' }
    }),
    adoptAddress: sendTo(
      ({ context }) => context.address,
      ({ event }) => {
        assertEvent(event, 'form.adopted')
        return { type: 'query.adopted' as const, value: event.values.business ?? '' }
      },
    ),
    clearForm: assign({ values: EMPTY_VALUES, noteShown: false }),
    showNote: assign({ noteShown: true }),
    removeNote: assign({ noteShown: false, values: ({ context }) => ({ ...context.values, note: '' }) }),
    clearError: assign({ error: null, retryAfterSeconds: null }),
    clearPhoneError: assign({ error: ({ context }) => (context.error === 'phone-invalid' ? null : context.error) }),
    showPhoneInvalid: assign({ error: 'phone-invalid' as const }),
    showAddressRequired: assign({ error: 'address-required' as const }),
    focusRefused: emit((_, field: LeadFormEmitted['field']) => ({ type: 'field.refused' as const, field })),
    showFailure: assign((_, error: unknown) => {
      const failure = readFailure(error, ['rate-limited', 'submit-failed'], 'submit-failed')
      return { error: failure.kind, retryAfterSeconds: failure.retryAfterSeconds ?? null }
    }),
    /** The page's: analytics, closing whatever holds the form. */
    leadAccepted: () => {},
    /** The page's: Congrats' Schedule Your Call goes to /schedule. */
    openSchedule: () => {},
  },
  guards: {
    hasAddress: ({ context }) => addressOf(context).trim() !== '',
    adoptsAddress: ({ event }) => event.type === 'form.adopted' && Boolean(event.values.business),
    hasAcceptablePhone: ({ context }) => isAcceptablePhone(context.values.phone),
    isPhoneField: (_, field: LeadField) => field === 'phone',
  },
}).createMachine({
  id: 'leadForm',
  context: ({ input, spawn }) => {
    const { business, ...values } = input.initialValues ?? {}
    return {
      address: spawn('addressAutocomplete', { input: { query: business } }),
      ...(input.check ? { check: input.check } : {}),
      ...(input.reply ? { reply: input.reply } : {}),
      values: { ...EMPTY_VALUES, ...values },
      noteShown: true,
      error: null,
      retryAfterSeconds: null,
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
        'form.adopted': [{ guard: 'adoptsAddress', actions: ['adoptValues', 'adoptAddress'] }, { actions: 'adoptValues' }],
        'native.failed': { actions: { type: 'showFailure', params: undefined } },
        'lead.submit': [
          { guard: not('hasAcceptablePhone'), actions: ['showPhoneInvalid', { type: 'focusRefused', params: 'phone' }] },
          {
            guard: 'hasAddress',
            target: 'submitting',
            actions: ['clearError', { type: 'stampGuard', params: ({ event }) => event.honeypot ?? '' }],
          },
          { actions: ['showAddressRequired', { type: 'focusRefused', params: 'business' }] },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'submitLead',
        input: ({ context }) => submission(context),
        onDone: {
          target: 'accepted',
          actions: [
            'leadAccepted',
            'clearForm',
            'assignNewSubmissionId',
            // A new lead starts a fresh search (and Places session).
            'stopAddressSearch',
            'startAddressSearch',
          ],
        },
        onError: { target: 'idle', actions: { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    /** The Congrats dialog is open over a form already cleared for the next lead. */
    accepted: {
      on: {
        'congrats.close': { target: 'idle' },
        'congrats.schedule': { target: 'idle', actions: 'openSchedule' },
      },
    },
  },
})
