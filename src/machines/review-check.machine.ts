import { assertEvent, assign, emit, fromCallback, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { addressAutocompleteMachine, type AddressChangedEvent } from './address-autocomplete.machine'
import { botCheckMachine, type BotCheckDone, type BotCheckEvent, type BotCheckOutput } from './bot-check.machine'
import { botCheckChild, verifyingState } from './bot-check-verifying'
import {
  CHECK_FAILURE_KINDS,
  DEFAULT_RADIUS_KM,
  type CheckFailureKind,
  type RadiusKm,
  type ReviewCheckResult,
} from '@/schemas/review-check'
import { readFailure, type Failure } from '@/schemas/failure'
import type { TargetRating } from '@/lib/review-gap'

interface ReviewCheckContext {
  /** The business search this flow owns (the address autocomplete, finding businesses); it alone holds the text. */
  search: ActorRefFrom<typeof addressAutocompleteMachine>
  business: { placeId: string; description: string } | null
  radiusKm: RadiusKm
  result: ReviewCheckResult | null
  failure: Failure<CheckFailureKind> | null
  /**
   * A check asked for before a business was chosen: 'business-required' with nothing typed,
   * 'business-not-chosen' with text typed but no suggestion picked (the page offers another way).
   */
  error: BusinessError | null
  target: TargetRating
  /** The bot check's token for the check being run, when the widget gave one. */
  turnstileToken?: string
}

export type BusinessError = 'business-required' | 'business-not-chosen'

/** A check, and the shareable result URL it is written to. */
export type RunCheckInput = { placeId: string; radiusKm: RadiusKm; turnstileToken?: string }

export type ReviewCheckEvent =
  | AddressChangedEvent
  | { type: 'radius.changed'; radiusKm: RadiusKm }
  | { type: 'target.changed'; target: TargetRating }
  | { type: 'check.submit' }
  /** The page's URL, at start and after every navigation: a place in it is a shared result to show. */
  | { type: 'url.changed'; placeId?: string; radiusKm: RadiusKm }
  | { type: 'check.retry' }
  | BotCheckEvent
  | BotCheckDone

/** A check asked for before a business was chosen: the page moves focus to the business field. */
export type ReviewCheckEmitted = { type: 'check.refused' }

const checkOf = ({ context }: { context: ReviewCheckContext }): RunCheckInput => ({
  placeId: context.business?.placeId ?? '',
  radiusKm: context.radiusKm,
})
const runOf = ({ context }: { context: ReviewCheckContext }): RunCheckInput => ({
  ...checkOf({ context }),
  ...(context.turnstileToken ? { turnstileToken: context.turnstileToken } : {}),
})

const errorOf = ({ event }: { event: { error: unknown } }) => event.error

const failureOf = (error: unknown) => readFailure(error, CHECK_FAILURE_KINDS, 'down')

export const reviewCheckMachine = setup({
  types: {
    context: {} as ReviewCheckContext,
    events: {} as ReviewCheckEvent,
    emitted: {} as ReviewCheckEmitted,
    tags: {} as 'noReviews' | 'noCompetitors',
  },
  actors: {
    businessSearch: addressAutocompleteMachine,
    runCheck: fromPromise<ReviewCheckResult, RunCheckInput>(async () => {
      throw new Error('runCheck not provided')
    }),
    /** The function refuses a check without a token: a blocked widget ends in `failed.blocked`, unsent. */
    botCheck: botCheckMachine,
    /** Sends `url.changed` now and after every navigation. */
    followUrl: fromCallback<ReviewCheckEvent>(() => {
      throw new Error('followUrl not provided')
    }),
  },
  actions: {
    /** Puts a completed check in the page's URL, so it can be shared and Back returns to it. */
    writeUrl: (_, _check: RunCheckInput) => {
      throw new Error('writeUrl not provided')
    },
    /** The place chosen from the suggestions; none once the text is typed over. */
    takeBusiness: assign({
      business: ({ event }) => {
        assertEvent(event, 'address.changed')
        return event.placeId === null ? null : { placeId: event.placeId, description: event.value }
      },
      error: null,
    }),
    openShared: assign(({ event }) => {
      assertEvent(event, 'url.changed')
      return { business: { placeId: event.placeId ?? '', description: '' }, radiusKm: event.radiusKm }
    }),
    setRadius: assign((_, radiusKm: RadiusKm) => ({ radiusKm })),
    keepToken: assign((_, check: BotCheckOutput) => ({ turnstileToken: check.token })),
    setTarget: assign((_, target: TargetRating) => ({ target })),
    requireBusiness: assign({
      error: ({ context }): BusinessError =>
        context.search.getSnapshot().context.query.trim() ? 'business-not-chosen' : 'business-required',
    }),
    refuse: emit({ type: 'check.refused' as const }),
    keepResult: assign((_, result: ReviewCheckResult) => ({ result, failure: null })),
    keepFailure: assign((_, error: unknown) => ({ failure: failureOf(error), result: null })),
    forgetResult: assign({ failure: null, result: null }),
  },
  guards: {
    hasBusiness: ({ context }) => context.business !== null,
    noReviews: ({ context }) => context.result?.business.reviewCount === 0,
    noCompetitors: ({ context }) => context.result?.competitors.length === 0,
    /** An abort is ours (the check was stopped), never the server's answer: it is not a failure. */
    failedAs: ({ context }, kinds: CheckFailureKind[]) => kinds.includes(context.failure?.kind ?? 'down'),
    urlHasPlace: ({ event }) => {
      assertEvent(event, 'url.changed')
      return event.placeId !== undefined
    },
    /** The URL names another check than the one chosen, running or shown. */
    urlNamesOther: ({ context, event }) => {
      assertEvent(event, 'url.changed')
      return event.placeId !== undefined && (event.placeId !== context.business?.placeId || event.radiusKm !== context.radiusKm)
    },
  },
}).createMachine({
  id: 'reviewCheck',
  context: ({ spawn }) => ({
    search: spawn('businessSearch', { input: {} }),
    business: null,
    radiusKm: DEFAULT_RADIUS_KM,
    result: null,
    failure: null,
    error: null,
    target: 4.8,
  }),
  invoke: [{ src: 'followUrl' }, botCheckChild({ canSkip: false })],
  initial: 'idle',
  on: {
    'url.changed': { guard: 'urlNamesOther', target: '.checking', actions: 'openShared' },
    'target.changed': { actions: { type: 'setTarget', params: ({ event }) => event.target } },
  },
  states: {
    idle: {
      on: {
        'address.changed': { target: 'choosing', actions: 'takeBusiness' },
        'radius.changed': { actions: { type: 'setRadius', params: ({ event }) => event.radiusKm } },
        'check.submit': { actions: ['requireBusiness', 'refuse'] },
      },
    },
    choosing: {
      on: {
        'address.changed': { actions: 'takeBusiness' },
        // Even the business chosen here: the URL asks for its result.
        'url.changed': { guard: 'urlHasPlace', target: 'checking', actions: 'openShared' },
        'radius.changed': { actions: { type: 'setRadius', params: ({ event }) => event.radiusKm } },
        'check.submit': [{ guard: 'hasBusiness', target: 'checking' }, { actions: ['requireBusiness', 'refuse'] }],
      },
    },
    checking: {
      initial: 'verifying',
      states: {
        verifying: verifyingState<ReviewCheckContext, ReviewCheckEvent>({
          next: 'running',
          unverified: { target: '#reviewCheck.failed.blocked', actions: 'forgetResult' },
        }),
        running: {
          invoke: {
            src: 'runCheck',
            input: runOf,
            onDone: {
              target: '#reviewCheck.result',
              actions: [
                { type: 'keepResult', params: ({ event }) => event.output },
                { type: 'writeUrl', params: checkOf },
              ],
            },
            onError: [{ target: '#reviewCheck.failed', actions: { type: 'keepFailure', params: errorOf } }],
          },
        },
      },
    },
    result: {
      initial: 'deciding',
      on: {
        'radius.changed': { target: 'checking', actions: { type: 'setRadius', params: ({ event }) => event.radiusKm } },
        'url.changed': { guard: not('urlHasPlace'), target: 'choosing' },
      },
      states: {
        deciding: {
          always: [{ guard: 'noReviews', target: 'noReviews' }, { guard: 'noCompetitors', target: 'noCompetitors' }, { target: 'ranked' }],
        },
        ranked: {},
        noReviews: {
          tags: 'noReviews',
          initial: 'nearby',
          states: { nearby: { always: { guard: 'noCompetitors', target: 'alone' } }, alone: { tags: 'noCompetitors' } },
        },
        noCompetitors: { tags: 'noCompetitors' },
      },
    },
    failed: {
      initial: 'deciding',
      on: {
        // The message asks the visitor to choose again: the picker stays live under it.
        'address.changed': { target: 'choosing', actions: 'takeBusiness' },
        'check.submit': [{ guard: 'hasBusiness', target: 'checking' }, { actions: ['requireBusiness', 'refuse'] }],
        'check.retry': { target: 'checking' },
        'url.changed': { guard: not('urlHasPlace'), target: 'choosing' },
        'radius.changed': { actions: { type: 'setRadius', params: ({ event }) => event.radiusKm } },
      },
      states: {
        deciding: {
          always: [
            { guard: { type: 'failedAs', params: ['rate-limited'] }, target: 'rateLimited' },
            { guard: { type: 'failedAs', params: ['cap-reached'] }, target: 'capReached' },
            { guard: { type: 'failedAs', params: ['not-found', 'not-a-business'] }, target: 'notFound' },
            { guard: { type: 'failedAs', params: ['verification-failed'] }, target: 'notVerified' },
            { target: 'placesDown' },
          ],
        },
        rateLimited: {},
        capReached: {},
        notFound: {},
        notVerified: {},
        /** The bot check never loaded, so the check was not sent (the function would refuse it). */
        blocked: {},
        placesDown: {},
      },
    },
  },
})

export type ReviewCheckSnapshot = SnapshotFrom<typeof reviewCheckMachine>
