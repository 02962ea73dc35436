import { assign, emit, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate'
import { addressAutocompleteMachine } from './address-autocomplete.machine'
import type { RadiusKm, ReviewCheckResult } from '@/schemas/review-check'
import { DEFAULT_RADIUS_KM } from '@/schemas/review-check'
import type { TargetRating } from '@/lib/review-gap'

export type CheckFailureKind = 'rate-limited' | 'cap-reached' | 'not-found' | 'not-a-business' | 'down'
export type ChosenBusiness = { placeId: string; description: string }
export type BusinessSearchRef = ActorRefFrom<typeof addressAutocompleteMachine>

export interface ReviewCheckInput {
  /** false when the places service is unavailable: no suggestions, so no business can be chosen. */
  placesEnabled: boolean
}

export interface ReviewCheckContext {
  /** The business search this flow owns (the address autocomplete, finding businesses). */
  search: BusinessSearchRef
  business: ChosenBusiness | null
  radiusKm: RadiusKm
  result: ReviewCheckResult | null
  failure: { kind: CheckFailureKind; retryAfterSeconds?: number } | null
  /** 'business-required': a check asked for before a business was chosen. */
  error: 'business-required' | null
  target: TargetRating
}

export type ReviewCheckEvent =
  | { type: 'business.input'; value: string }
  | { type: 'business.next' }
  | { type: 'business.previous' }
  | { type: 'business.choose'; index?: number }
  | { type: 'business.close' }
  | { type: 'radius.changed'; radiusKm: RadiusKm }
  | { type: 'target.changed'; target: TargetRating }
  | { type: 'check.submit' }
  /** A shared result URL opened: check this place again. */
  | { type: 'check.open'; placeId: string; radiusKm: RadiusKm }
  | { type: 'check.retry' }
  | { type: 'check.restart' }

export type ReviewCheckEmitted = { type: 'check.completed'; placeId: string; radiusKm: RadiusKm }
export type RunCheckInput = { placeId: string; radiusKm: RadiusKm }

const chosen = (context: ReviewCheckContext, event: ReviewCheckEvent): ChosenBusiness | undefined => {
  const search = context.search.getSnapshot()
  if (event.type !== 'business.choose' || !search.matches({ enabled: 'showing' })) return undefined
  const prediction = search.context.predictions[event.index ?? search.context.highlightedIndex]
  return prediction && { placeId: prediction.place_id, description: prediction.description }
}

const failureOf = (error: unknown): NonNullable<ReviewCheckContext['failure']> => {
  const e = error as { kind?: CheckFailureKind; retryAfterSeconds?: number } | null
  return { kind: e?.kind ?? 'down', ...(e?.retryAfterSeconds ? { retryAfterSeconds: e.retryAfterSeconds } : {}) }
}

/** An abort is ours (the check was stopped), never the server's answer: it is not a failure. */
const wasAborted = ({ event }: { event: unknown }) => ((event as { error?: { name?: unknown } }).error?.name ?? '') === 'AbortError'

const failureIs =
  (kind: CheckFailureKind) =>
  ({ context }: { context: ReviewCheckContext }) =>
    context.failure?.kind === kind

export const reviewCheckMachine = setup({
  types: {
    input: {} as ReviewCheckInput,
    context: {} as ReviewCheckContext,
    events: {} as ReviewCheckEvent,
    emitted: {} as ReviewCheckEmitted,
  },
  actors: {
    businessSearch: addressAutocompleteMachine,
    runCheck: fromPromise<ReviewCheckResult, RunCheckInput>(async () => {
      throw new Error('runCheck not provided')
    }),
  },
  actions: {
    search: sendTo(
      ({ context }) => context.search,
      ({ event }) => ({ type: 'query.changed' as const, value: event.type === 'business.input' ? event.value : '' }),
    ),
    forwardToSearch: sendTo(
      ({ context }) => context.search,
      ({ event }) => {
        if (event.type === 'business.next') return { type: 'list.next' as const }
        if (event.type === 'business.previous') return { type: 'list.previous' as const }
        if (event.type === 'business.choose') return { type: 'list.choose' as const, index: event.index }
        return { type: 'list.close' as const }
      },
    ),
    forgetBusiness: assign({ business: null, error: null }),
    takeBusiness: assign({ business: ({ context, event }) => chosen(context, event) ?? context.business, error: null }),
    openShared: assign(({ event }) =>
      event.type === 'check.open' ? { business: { placeId: event.placeId, description: '' }, radiusKm: event.radiusKm } : {},
    ),
    setRadius: assign({ radiusKm: ({ context, event }) => (event.type === 'radius.changed' ? event.radiusKm : context.radiusKm) }),
    setTarget: assign({ target: ({ context, event }) => (event.type === 'target.changed' ? event.target : context.target) }),
    requireBusiness: assign({ error: 'business-required' as const }),
    // Run on the check actor's done and error events, which carry `output` and `error`.
    keepResult: assign(({ event }) => ({ result: (event as unknown as { output: ReviewCheckResult }).output, failure: null })),
    keepFailure: assign(({ event }) => ({ failure: failureOf((event as { error?: unknown }).error), result: null })),
    announce: emit(({ context }) => ({
      type: 'check.completed' as const,
      placeId: context.business?.placeId ?? '',
      radiusKm: context.radiusKm,
    })),
  },
  guards: {
    hasBusiness: ({ context }) => context.business !== null,
    hasChoice: ({ context, event }) => chosen(context, event) !== undefined,
    noReviews: ({ context }) => context.result?.business.reviewCount === 0,
    noCompetitors: ({ context }) => context.result?.competitors.length === 0,
    isLimited: failureIs('rate-limited'),
    isCapped: failureIs('cap-reached'),
    wasAborted,
    isUnknown: ({ context }) => context.failure?.kind === 'not-found' || context.failure?.kind === 'not-a-business',
  },
}).createMachine({
  id: 'reviewCheck',
  context: ({ input, spawn }) => ({
    search: spawn('businessSearch', { input: { enabled: input.placesEnabled } }),
    business: null,
    radiusKm: DEFAULT_RADIUS_KM,
    result: null,
    failure: null,
    error: null,
    target: 4.8,
  }),
  initial: 'idle',
  on: {
    'check.open': { target: '.checking', actions: 'openShared' },
    'target.changed': { actions: 'setTarget' },
  },
  states: {
    idle: {
      on: {
        'business.input': { target: 'choosing', actions: ['forgetBusiness', 'search'] },
        'radius.changed': { actions: 'setRadius' },
        'check.submit': { actions: 'requireBusiness' },
      },
    },
    choosing: {
      on: {
        'business.input': { actions: ['forgetBusiness', 'search'] },
        'business.choose': { guard: 'hasChoice', actions: ['takeBusiness', 'forwardToSearch'] },
        'business.next': { actions: 'forwardToSearch' },
        'business.previous': { actions: 'forwardToSearch' },
        'business.close': { actions: 'forwardToSearch' },
        'radius.changed': { actions: 'setRadius' },
        'check.submit': [{ guard: 'hasBusiness', target: 'checking' }, { actions: 'requireBusiness' }],
      },
    },
    checking: {
      invoke: {
        src: 'runCheck',
        input: ({ context }) => ({ placeId: context.business?.placeId ?? '', radiusKm: context.radiusKm }),
        onDone: { target: 'result', actions: ['keepResult', 'announce'] },
        onError: [
          // React's development double start stops the flow and starts it again mid-check; the
          // first request's abort then arrives at the restarted check: ask again, quietly.
          { guard: 'wasAborted', target: 'checking', reenter: true },
          { target: 'failed', actions: 'keepFailure' },
        ],
      },
    },
    result: {
      initial: 'deciding',
      on: {
        'radius.changed': { target: 'checking', actions: 'setRadius' },
        'check.restart': { target: 'choosing' },
      },
      states: {
        deciding: {
          always: [{ guard: 'noReviews', target: 'noReviews' }, { guard: 'noCompetitors', target: 'noCompetitors' }, { target: 'ranked' }],
        },
        ranked: {},
        noReviews: {},
        noCompetitors: {},
      },
    },
    failed: {
      initial: 'deciding',
      on: {
        'check.retry': { target: 'checking' },
        'check.restart': { target: 'choosing' },
        'radius.changed': { actions: 'setRadius' },
      },
      states: {
        deciding: {
          always: [
            { guard: 'isLimited', target: 'rateLimited' },
            { guard: 'isCapped', target: 'capReached' },
            { guard: 'isUnknown', target: 'notFound' },
            { target: 'placesDown' },
          ],
        },
        rateLimited: {},
        capReached: {},
        notFound: {},
        placesDown: {},
      },
    },
  },
})
