import { assign, emit, fromPromise, not, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate'
import { addressAutocompleteMachine } from './address-autocomplete.machine'
import type { Lead, LeadCheck, LeadErrorKind, LeadReply, LeadSource, SpamGuard, Tracking } from '@/schemas/lead'
import { isAcceptablePhone } from '@/schemas/lead-phone'

/** The form's fields as typed: plain strings, validated by LeadSubmissionSchema in the service. */
export type LeadValues = Record<keyof Lead, string>
export type LeadField = keyof LeadValues

export const EMPTY_LEAD_VALUES: LeadValues = { locations: '', name: '', phone: '', email: '', business: '', note: '' }

export interface LeadFormInput {
  tracking: Tracking
  source: LeadSource
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
  values: LeadValues
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
  /** The address search this form owns; a new one starts with each new lead. */
  address: LeadAddressSearchRef
  placesEnabled: boolean
  check?: LeadCheck
  reply?: LeadReply
}

export type LeadFormEvent =
  | { type: 'field.changed'; field: LeadField; value: string }
  | { type: 'address.next' }
  | { type: 'address.previous' }
  | { type: 'address.choose'; index?: number }
  | { type: 'address.close' }
  /** `honeypot`: the hidden field people never see, as the form held it. */
  | { type: 'lead.submit'; honeypot?: string }
  /** What the visitor typed or chose before the script ran, read from the page at hydration. */
  | { type: 'form.adopted'; values: Partial<LeadValues> }
  /** The native post came back with invalid input (`?lead=error`). */
  | { type: 'native.failed' }

export type LeadFormEmitted = { type: 'lead.accepted'; id: string }

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
export interface TrackLeadParams extends SubmitLeadInput {
  id: string
}

const trimmed = (v: LeadValues): LeadValues => ({
  locations: v.locations.trim(),
  name: v.name.trim(),
  phone: v.phone.trim(),
  email: v.email.trim(),
  business: v.business.trim(),
  note: v.note.trim(),
})

const submission = (context: LeadFormContext): SubmitLeadInput => ({
  submissionId: context.submissionId,
  lead: trimmed(context.values),
  tracking: context.tracking,
  source: context.source,
  guard: context.guard,
  ...(context.check ? { check: context.check } : {}),
  ...(context.reply ? { reply: context.reply } : {}),
})

/** The suggestion the visitor picks, read from the address search the form owns. */
const chosenAddress = (context: LeadFormContext, event: LeadFormEvent) => {
  const search = context.address.getSnapshot()
  if (event.type !== 'address.choose' || !search.matches({ enabled: 'showing' })) return undefined
  return search.context.predictions[event.index ?? search.context.highlightedIndex]?.description
}

/** Errors are data from the actor; only a rate limit gets its own message. */
const isRateLimitError = (error: unknown) => typeof error === 'object' && error !== null && 'kind' in error && error.kind === 'rate-limited'

/** Retry-After as the failure carries it (a ServiceError's `retryAfterSeconds`). */
const retryAfterOf = (event: unknown): number | null => {
  const error = (event as { error?: { retryAfterSeconds?: unknown } }).error
  const seconds = error?.retryAfterSeconds
  return typeof seconds === 'number' && seconds > 0 ? seconds : null
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
    stampGuard: assign({
      guard: ({ context, event }) => ({
        honeypot: event.type === 'lead.submit' ? (event.honeypot ?? '') : '',
        fillMs: Math.max(0, Date.now() - context.shownAt),
      }),
    }),
    setField: assign({
      values: ({ context, event }) => (event.type === 'field.changed' ? { ...context.values, [event.field]: event.value } : context.values),
    }),
    setChosenAddress: assign({
      values: ({ context, event }) => ({ ...context.values, business: chosenAddress(context, event) ?? context.values.business }),
    }),
    searchAddress: sendTo(
      ({ context }) => context.address,
      ({ event }) => ({ type: 'query.changed' as const, value: event.type === 'field.changed' ? event.value : '' }),
    ),
    forwardToAddress: sendTo(
      ({ context }) => context.address,
      ({ event }) => {
        if (event.type === 'address.next') return { type: 'list.next' as const }
        if (event.type === 'address.previous') return { type: 'list.previous' as const }
        if (event.type === 'address.choose') return { type: 'list.choose' as const, index: event.index }
        return { type: 'list.close' as const }
      },
    ),
    stopAddressSearch: stopChild(({ context }) => context.address),
    startAddressSearch: assign({
      address: ({ context, spawn }) => spawn('addressAutocomplete', { input: { enabled: context.placesEnabled } }),
    }),
    adoptValues: assign({
      values: ({ context, event }) => (event.type === 'form.adopted' ? { ...context.values, ...event.values } : context.values),
    }),
    clearValues: assign({ values: EMPTY_LEAD_VALUES }),
    clearError: assign({ error: null, retryAfterSeconds: null }),
    clearPhoneError: assign({ error: ({ context }) => (context.error === 'phone-invalid' ? null : context.error) }),
    showPhoneInvalid: assign({ error: 'phone-invalid' as const, refusals: ({ context }) => context.refusals + 1 }),
    showAddressRequired: assign({ error: 'address-required' as const, refusals: ({ context }) => context.refusals + 1 }),
    showSubmitFailed: assign({ error: 'submit-failed' as const, retryAfterSeconds: ({ event }) => retryAfterOf(event) }),
    showRateLimited: assign({ error: 'rate-limited' as const, retryAfterSeconds: ({ event }) => retryAfterOf(event) }),
    trackLead: (_, _params: TrackLeadParams) => {},
  },
  guards: {
    hasAddress: ({ context }) => context.values.business.trim() !== '',
    hasAcceptablePhone: ({ context }) => isAcceptablePhone(context.values.phone),
    isPhoneField: ({ event }) => event.type === 'field.changed' && event.field === 'phone',
    isAddressField: ({ event }) => event.type === 'field.changed' && event.field === 'business',
    hasChosenAddress: ({ context, event }) => chosenAddress(context, event) !== undefined,
    // Runs on the submit actor's error event, which carries the failure as `error`.
    isRateLimited: ({ event }) => isRateLimitError((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'leadForm',
  context: ({ input, spawn }) => ({
    address: spawn('addressAutocomplete', { input: { enabled: input.placesEnabled ?? false } }),
    placesEnabled: input.placesEnabled ?? false,
    ...(input.check ? { check: input.check } : {}),
    ...(input.reply ? { reply: input.reply } : {}),
    values: { ...EMPTY_LEAD_VALUES, ...input.initialValues },
    error: null,
    retryAfterSeconds: null,
    refusals: 0,
    tracking: input.tracking,
    source: input.source,
    submissionId: '',
    shownAt: 0,
    guard: { honeypot: '', fillMs: 0 },
  }),
  entry: 'assignNewSubmissionId',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.changed': [
          { guard: 'isAddressField', actions: ['setField', 'clearError', 'searchAddress'] },
          { guard: 'isPhoneField', actions: ['setField', 'clearPhoneError'] },
          { actions: 'setField' },
        ],
        'address.choose': { guard: 'hasChosenAddress', actions: ['setChosenAddress', 'clearError', 'forwardToAddress'] },
        'address.next': { actions: 'forwardToAddress' },
        'address.previous': { actions: 'forwardToAddress' },
        'address.close': { actions: 'forwardToAddress' },
        'form.adopted': { actions: 'adoptValues' },
        'native.failed': { actions: 'showSubmitFailed' },
        'lead.submit': [
          { guard: not('hasAcceptablePhone'), actions: 'showPhoneInvalid' },
          { guard: 'hasAddress', target: 'submitting', actions: ['clearError', 'stampGuard'] },
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
            { type: 'trackLead', params: ({ context, event }) => ({ ...submission(context), id: event.output.id }) },
            emit(({ event }) => ({ type: 'lead.accepted' as const, id: event.output.id })),
            'clearValues',
            'assignNewSubmissionId',
            // A new lead starts a fresh search (and Places session).
            'stopAddressSearch',
            'startAddressSearch',
          ],
        },
        onError: [
          { guard: 'isRateLimited', target: 'idle', actions: 'showRateLimited' },
          { target: 'idle', actions: 'showSubmitFailed' },
        ],
      },
    },
  },
})
