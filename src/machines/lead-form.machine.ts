import { assign, emit, fromPromise, setup } from 'xstate'
import type { Lead, LeadErrorKind, LeadSource, SpamGuard, Tracking } from '@/schemas/lead'

/** The form's fields as typed: plain strings, validated by LeadSubmissionSchema in the service. */
export type LeadValues = Record<keyof Lead, string>
export type LeadField = keyof LeadValues

export const EMPTY_LEAD_VALUES: LeadValues = { locations: '', name: '', phone: '', email: '', business: '', note: '' }

export interface LeadFormInput {
  tracking: Tracking
  source: LeadSource
  initialValues?: Partial<LeadValues>
}

export interface LeadFormContext {
  values: LeadValues
  error: LeadErrorKind | null
  tracking: Tracking
  source: LeadSource
  /** One id per lead, kept across retries so the server can recognise a resubmission. */
  submissionId: string
  /** When this lead's form was shown (ms), and the spam signals taken at submit. */
  shownAt: number
  guard: SpamGuard
}

export type LeadFormEvent =
  | { type: 'field.changed'; field: LeadField; value: string }
  | { type: 'address.selected'; description: string }
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
})

/** Errors are data from the actor; only a rate limit gets its own message. */
const isRateLimitError = (error: unknown) => typeof error === 'object' && error !== null && 'kind' in error && error.kind === 'rate-limited'

export const leadFormMachine = setup({
  types: {
    input: {} as LeadFormInput,
    context: {} as LeadFormContext,
    events: {} as LeadFormEvent,
    emitted: {} as LeadFormEmitted,
  },
  actors: {
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
    setAddress: assign({
      values: ({ context, event }) =>
        event.type === 'address.selected' ? { ...context.values, business: event.description } : context.values,
    }),
    adoptValues: assign({
      values: ({ context, event }) => (event.type === 'form.adopted' ? { ...context.values, ...event.values } : context.values),
    }),
    clearValues: assign({ values: EMPTY_LEAD_VALUES }),
    clearError: assign({ error: null }),
    showAddressRequired: assign({ error: 'address-required' as const }),
    showSubmitFailed: assign({ error: 'submit-failed' as const }),
    showRateLimited: assign({ error: 'rate-limited' as const }),
    trackLead: (_, _params: TrackLeadParams) => {},
  },
  guards: {
    hasAddress: ({ context }) => context.values.business.trim() !== '',
    isAddressField: ({ event }) => event.type === 'field.changed' && event.field === 'business',
    // Runs on the submit actor's error event, which carries the failure as `error`.
    isRateLimited: ({ event }) => isRateLimitError((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'leadForm',
  context: ({ input }) => ({
    values: { ...EMPTY_LEAD_VALUES, ...input.initialValues },
    error: null,
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
        'field.changed': [{ guard: 'isAddressField', actions: ['setField', 'clearError'] }, { actions: 'setField' }],
        'address.selected': { actions: ['setAddress', 'clearError'] },
        'form.adopted': { actions: 'adoptValues' },
        'native.failed': { actions: 'showSubmitFailed' },
        'lead.submit': [
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
