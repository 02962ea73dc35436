import { assertEvent, assign, emit, fromPromise, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate'
import { addressAutocompleteMachine, type AddressChangedEvent } from './address-autocomplete.machine'
import { botCheckMachine, mayBeVerified, type BotCheckDone, type BotCheckEvent, type BotCheckOutput } from './bot-check.machine'
import { botCheckChild, verifyingState } from './bot-check-verifying'
import {
  fieldErrorsOf,
  LEAD_FIELD_NAMES,
  leadFieldErrors,
  type Lead,
  type LeadCheck,
  type LeadErrorKind,
  type LeadFieldErrors,
  type LeadFieldName,
  type LeadReply,
  type LeadSource,
  type SpamGuard,
  type Tracking,
} from '@/schemas/lead'
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
  /** The optional note (veterinary form): shown on the prerendered page; in the browser, while it holds text or once added. */
  noteShown: boolean
  /** What the schema (here, or the function's 400) refused, field by field, in the visitor's words. */
  fieldErrors: LeadFieldErrors
  /** A failure of the lead as a whole, shown above the button. */
  error: LeadErrorKind | null
  /** How long the server asked to wait after a failed submission (Retry-After), when it said. */
  retryAfterSeconds: number | null
  tracking: Tracking
  source: LeadSource
  /** One id per lead, kept across retries so the server can recognise a resubmission. */
  submissionId: string
  /** The spam signal taken at submit (the server measures the fill time itself, so it is always 0 here). */
  guard: SpamGuard
  /** The bot check's token for this attempt, when the widget gave one. */
  turnstileToken?: string
  /** Whether the function took the last accepted lead as from a person (its answer, else what was sent): Congrats says only what holds. */
  verified: boolean
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
  /** `prerendered`: the form is the prerendered page's, hydrated; its note stays as the page showed it. */
  | { type: 'form.adopted'; values: Partial<LeadValues>; prerendered?: boolean }
  /** The native post came back refused (`?lead=error`), naming the fields it refused when it did. */
  | { type: 'native.failed'; fields?: readonly LeadFieldName[] }
  | { type: 'note.add' }
  | { type: 'note.remove' }
  /** The Congrats dialog of an accepted lead: closed, or its Schedule Your Call chosen. */
  | { type: 'congrats.close' }
  | { type: 'congrats.schedule' }
  | AddressChangedEvent
  | BotCheckEvent
  | BotCheckDone

/** Heard by the page (`actor.on`): a refused submission moves focus to the first field it was refused for. */
export type LeadFormEmitted = { type: 'field.refused'; field: LeadFieldName }

/** LeadSubmission-shaped; the app's actor parses it with LeadSubmissionSchema before sending. */
export interface SubmitLeadInput {
  submissionId: string
  lead: LeadValues
  tracking: Tracking
  source: LeadSource
  guard: SpamGuard
  check?: LeadCheck
  reply?: LeadReply
  turnstileToken?: string
}
export interface SubmitLeadOutput {
  id: string
  /** The function's word, when it gives it: false, the lead is kept as unverified. */
  verified?: boolean
}

const addressOf = (context: LeadFormContext) => context.address.getSnapshot().context.query
const typedLead = (context: LeadFormContext): LeadValues => ({ ...context.values, business: addressOf(context) })
/** The first field of the form, in its order, that holds an error. */
const firstRefused = (errors: LeadFieldErrors) => LEAD_FIELD_NAMES.find((field) => errors[field] !== undefined)

const submission = (context: LeadFormContext): SubmitLeadInput => {
  const lead = typedLead(context)
  return {
    submissionId: context.submissionId,
    lead: Object.fromEntries(Object.entries(lead).map(([field, value]) => [field, value.trim()])) as LeadValues,
    tracking: context.tracking,
    source: context.source,
    guard: context.guard,
    ...(context.check ? { check: context.check } : {}),
    ...(context.reply ? { reply: context.reply } : {}),
    ...(context.turnstileToken ? { turnstileToken: context.turnstileToken } : {}),
  }
}

/** The fields a refused submission (the function's 400) named; none for any other failure. */
const refusalOf = (error: unknown): LeadFieldErrors => fieldErrorsOf(readFailure(error, ['invalid'], 'other').issues ?? [])
const nativeRefusal = (event: LeadFormEvent): LeadFieldErrors =>
  event.type === 'native.failed' ? fieldErrorsOf((event.fields ?? []).map((field) => ({ path: `lead.${field}` }))) : {}

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
    /** A lead goes without a token too (kept as unverified), if the visitor chooses or the widget is blocked. */
    botCheck: botCheckMachine,
  },
  actions: {
    assignNewSubmissionId: assign({ submissionId: () => crypto.randomUUID() }),
    stampGuard: assign((_, honeypot: string) => ({ guard: { honeypot, fillMs: 0 } })),
    keepToken: assign((_, check: BotCheckOutput) => ({ turnstileToken: check.token, verified: mayBeVerified(check) })),
    keepVerified: assign(({ context }, verified: boolean | undefined) => ({ verified: verified ?? context.verified })),
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
      // Folding the prerendered page's note would move the form's end up by its height (a layout
      // shift on /vet, issue 45); only a form rendered in the browser starts folded.
      return { values, noteShown: event.prerendered === true || values.note !== '' }
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
    clearFieldError: assign({
      fieldErrors: ({ context }, field: LeadFieldName) => {
        const { [field]: _cleared, ...rest } = context.fieldErrors
        return rest
      },
    }),
    markFields: assign((_, fieldErrors: LeadFieldErrors) => ({ fieldErrors, error: null, retryAfterSeconds: null })),
    focusRefused: emit(({ context }) => ({ type: 'field.refused' as const, field: firstRefused(context.fieldErrors) ?? 'locations' })),
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
    adoptsAddress: ({ event }) => event.type === 'form.adopted' && Boolean(event.values.business),
    refusesField: (_, fieldErrors: LeadFieldErrors) => firstRefused(fieldErrors) !== undefined,
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
      fieldErrors: {},
      error: null,
      retryAfterSeconds: null,
      tracking: input.tracking,
      source: input.source,
      submissionId: '',
      guard: { honeypot: '', fillMs: 0 },
      verified: true,
    }
  },
  entry: 'assignNewSubmissionId',
  invoke: botCheckChild({ canSkip: true }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'field.changed': { actions: ['setField', { type: 'clearFieldError', params: ({ event }) => event.field }] },
        'address.changed': { actions: ['clearError', { type: 'clearFieldError', params: 'business' }] },
        'note.add': { actions: 'showNote' },
        'note.remove': { actions: 'removeNote' },
        'form.adopted': [{ guard: 'adoptsAddress', actions: ['adoptValues', 'adoptAddress'] }, { actions: 'adoptValues' }],
        'native.failed': [
          {
            guard: { type: 'refusesField', params: ({ event }) => nativeRefusal(event) },
            actions: [{ type: 'markFields', params: ({ event }) => nativeRefusal(event) }, 'focusRefused'],
          },
          { actions: { type: 'showFailure', params: undefined } },
        ],
        'lead.submit': [
          {
            guard: { type: 'refusesField', params: ({ context }) => leadFieldErrors(typedLead(context)) },
            actions: [{ type: 'markFields', params: ({ context }) => leadFieldErrors(typedLead(context)) }, 'focusRefused'],
          },
          {
            target: 'submitting',
            actions: ['clearError', { type: 'stampGuard', params: ({ event }) => event.honeypot ?? '' }],
          },
        ],
      },
    },
    submitting: {
      initial: 'verifying',
      states: {
        // A blocked widget costs no lead: it goes without a token; a failed one is offered visibly first.
        verifying: verifyingState<LeadFormContext, LeadFormEvent>({ next: 'sending' }),
        sending: {
          invoke: {
            src: 'submitLead',
            input: ({ context }) => submission(context),
            onDone: {
              target: '#leadForm.accepted',
              actions: [
                { type: 'keepVerified', params: ({ event }) => event.output.verified },
                'leadAccepted',
                'clearForm',
                'assignNewSubmissionId',
                // A new lead starts a fresh search (and Places session).
                'stopAddressSearch',
                'startAddressSearch',
              ],
            },
            onError: [
              {
                target: '#leadForm.idle',
                guard: { type: 'refusesField', params: ({ event }) => refusalOf(event.error) },
                actions: [{ type: 'markFields', params: ({ event }) => refusalOf(event.error) }, 'focusRefused'],
              },
              {
                target: '#leadForm.idle',
                actions: { type: 'showFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
              },
            ],
          },
        },
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
