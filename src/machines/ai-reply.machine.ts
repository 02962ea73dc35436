import { assertEvent, assign, emit, fromCallback, fromPromise, not, setup } from 'xstate'
import * as v from 'valibot'
import { templateReply } from '@/lib/reply-templates'
import { botCheckMachine, type BotCheckDone, type BotCheckEvent, type BotCheckOutput } from './bot-check.machine'
import { botCheckChild, verifyingState } from './bot-check-verifying'
import type { Failure } from '@/schemas/failure'
import {
  AiReplyRequestSchema,
  type AiReplyRequest,
  type FallbackReason,
  type Rating,
  type ReplyFailureKind,
  type ReplyField,
  type ReplyFormValues as ReplyForm,
  type ReplySource,
  type TemplateReason,
} from '@/schemas/ai-reply'

/** What the streaming actor sends back: checked text as it comes, then the final reply, or why there is none. */
type StreamEvent =
  | { type: 'stream.chunk'; text: string; source: ReplySource }
  | { type: 'stream.done'; text: string; source: ReplySource; reason?: FallbackReason }
  | { type: 'stream.failed'; kind: ReplyFailureKind; retryAfterSeconds?: number }
type Done = Extract<StreamEvent, { type: 'stream.done' }>

export type AiReplyEvent =
  | { type: 'field.changed'; field: ReplyField; value: string }
  | { type: 'draft.submit' }
  | { type: 'draft.stop' }
  | { type: 'reply.edit'; text: string }
  | { type: 'reply.copy' }
  | StreamEvent
  | BotCheckEvent
  | BotCheckDone

/** A submit the form refused: the page moves focus to the first field it marked. */
export type AiReplyEmitted = { type: 'draft.refused' }

export interface AiReplyContext {
  form: ReplyForm
  /** The schema's message per field, for the fields that failed it; shown as they are. */
  errors: Partial<Record<ReplyField, string>>
  reply: string
  source: ReplySource | null
  reason: TemplateReason | null
  /** The visitor stopped the stream: what is shown is the checked part written so far. */
  stopped: boolean
  failure: Failure<Exclude<ReplyFailureKind, 'down'>> | null
  /** The bot check's token for the draft being asked for, when the widget gave one. */
  turnstileToken?: string
}

/** One draft asked for, with the bot check's token when there is one. */
export type DraftInput = AiReplyRequest & { turnstileToken?: string }

const INITIAL_FORM: ReplyForm = { review: '', rating: null, firstName: '', business: '', kind: 'general', tone: 'warm' }

const parse = (form: ReplyForm) => v.safeParse(AiReplyRequestSchema, form)
const requestOf = (form: ReplyForm): AiReplyRequest => v.parse(AiReplyRequestSchema, form)

const errorsOf = (form: ReplyForm): AiReplyContext['errors'] => {
  const result = parse(form)
  if (result.success) return {}
  const errors: AiReplyContext['errors'] = {}
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) as ReplyField | null
    if (field && !errors[field]) errors[field] = issue.message
  }
  return errors
}

const withValue = (form: ReplyForm, field: ReplyField, value: string): ReplyForm =>
  field === 'rating' ? { ...form, rating: (Number(value) || null) as Rating | null } : { ...form, [field]: value }

/** The function refuses a draft without a token: a blocked widget ends in `failed.blocked`, unsent. */
const verifying = verifyingState<AiReplyContext, AiReplyEvent>({ next: 'drafting', unverified: { target: 'failed.blocked' } })

export const aiReplyMachine = setup({
  types: { context: {} as AiReplyContext, events: {} as AiReplyEvent, emitted: {} as AiReplyEmitted },
  actors: {
    /** The function refuses a draft without a token: a blocked widget ends in `failed.blocked`, unsent. */
    botCheck: botCheckMachine,
    streamReply: fromCallback<AiReplyEvent, DraftInput>(() => {
      throw new Error('streamReply not provided')
    }),
    writeClipboard: fromPromise<void, { text: string }>(async () => {
      throw new Error('writeClipboard not provided')
    }),
  },
  delays: {
    /** The function answers within its own 8 s first-token limit; past this the connection is gone. */
    firstChunk: 12_000,
    /** Past this with no text yet, the page says the draft is on its way, so the wait is not taken for a hang. */
    slowNotice: 3_000,
    copyStatusShown: 5_000,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.changed')
      const form = withValue(context.form, event.field, event.value)
      const errors = { ...context.errors }
      if (context.errors[event.field] && !errorsOf(form)[event.field]) delete errors[event.field]
      return { form, errors }
    }),
    showErrors: assign(({ context }) => ({ errors: errorsOf(context.form) })),
    refuse: emit({ type: 'draft.refused' as const }),
    startDraft: assign({ reply: '', source: null, reason: null, stopped: false, failure: null, errors: {} }),
    append: assign(({ context }, { text, source }: { text: string; source: ReplySource }) => ({ reply: context.reply + text, source })),
    finish: assign((_, { text, source, reason }: Done) => ({ reply: text, source, reason: reason ?? null })),
    keepFailure: assign(({ event }, kind: Exclude<ReplyFailureKind, 'down'>) => {
      assertEvent(event, 'stream.failed')
      return { failure: { kind, retryAfterSeconds: event.retryAfterSeconds } }
    }),
    markStopped: assign({ stopped: true }),
    keepToken: assign((_, check: BotCheckOutput) => ({ turnstileToken: check.token })),
    edit: assign((_, reply: string) => ({ reply })),
    useTemplate: assign(({ context }, params: { reason: TemplateReason }) => ({
      reply: templateReply(requestOf(context.form)),
      source: 'template' as const,
      reason: params.reason,
    })),
  },
  guards: {
    isValid: ({ context }) => parse(context.form).success,
    nothingYet: ({ context }) => context.reply === '',
    failedAs: ({ event }, kind: ReplyFailureKind) => {
      assertEvent(event, 'stream.failed')
      return event.kind === kind
    },
  },
}).createMachine({
  id: 'aiReply',
  context: { form: INITIAL_FORM, errors: {}, reply: '', source: null, reason: null, stopped: false, failure: null },
  invoke: botCheckChild({ canSkip: false }),
  initial: 'editing',
  on: { 'field.changed': { actions: 'setField' } },
  states: {
    editing: {
      on: { 'draft.submit': [{ guard: 'isValid', target: 'verifying' }, { actions: ['showErrors', 'refuse'] }] },
    },
    verifying: {
      ...verifying,
      entry: ['startDraft', verifying.entry],
      on: { ...verifying.on, 'draft.stop': { target: 'editing' } },
    },
    drafting: {
      entry: 'startDraft',
      invoke: {
        src: 'streamReply',
        input: ({ context }): DraftInput => ({
          ...requestOf(context.form),
          ...(context.turnstileToken ? { turnstileToken: context.turnstileToken } : {}),
        }),
      },
      initial: 'waiting',
      states: {
        waiting: {
          always: { guard: not('nothingYet'), target: 'writing' },
          after: { slowNotice: 'onItsWay' },
        },
        onItsWay: {
          always: { guard: not('nothingYet'), target: 'writing' },
        },
        writing: {},
      },
      after: { firstChunk: { guard: 'nothingYet', target: 'drafted', actions: { type: 'useTemplate', params: { reason: 'slow' } } } },
      on: {
        'stream.chunk': { actions: { type: 'append', params: ({ event }) => event } },
        'stream.done': { target: 'drafted', actions: { type: 'finish', params: ({ event }) => event } },
        'stream.failed': [
          { guard: { type: 'failedAs', params: 'down' }, target: 'drafted', actions: { type: 'useTemplate', params: { reason: 'down' } } },
          // Limited: the template for this review at once, with the wait kept for the page to say.
          {
            guard: { type: 'failedAs', params: 'rate-limited' },
            target: 'drafted',
            actions: [
              { type: 'keepFailure', params: 'rate-limited' },
              { type: 'useTemplate', params: { reason: 'rate-limited' } },
            ],
          },
          {
            guard: { type: 'failedAs', params: 'verification-failed' },
            target: 'failed.notVerified',
            actions: { type: 'keepFailure', params: 'verification-failed' },
          },
          { target: 'failed.invalid', actions: { type: 'keepFailure', params: 'invalid' } },
        ],
        'draft.stop': [
          { guard: 'nothingYet', target: 'editing' },
          { target: 'drafted', actions: 'markStopped' },
        ],
      },
    },
    drafted: {
      initial: 'idle',
      on: {
        'draft.submit': [
          { guard: 'isValid', target: 'verifying' },
          { target: 'editing', actions: ['showErrors', 'refuse'] },
        ],
        'reply.edit': { actions: { type: 'edit', params: ({ event }) => event.text } },
        'reply.copy': { target: '.copying' },
      },
      states: {
        idle: {},
        copying: {
          invoke: {
            src: 'writeClipboard',
            input: ({ context }) => ({ text: context.reply }),
            onDone: { target: 'copied' },
            onError: { target: 'copyFailed' },
          },
        },
        copied: { after: { copyStatusShown: 'idle' } },
        copyFailed: { after: { copyStatusShown: 'idle' } },
      },
    },
    failed: {
      on: {
        'draft.submit': [
          { guard: 'isValid', target: 'verifying' },
          { target: 'editing', actions: ['showErrors', 'refuse'] },
        ],
      },
      initial: 'invalid',
      // blocked: the bot check never loaded, so nothing was sent (the function would refuse it).
      states: { invalid: {}, notVerified: {}, blocked: {} },
    },
  },
})
