import { describe, expect, it, vi } from 'vitest'
import { FailureError } from '@/schemas/failure'
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { addressAutocompleteMachine, type FetchPredictionsOutput } from '@/machines/address-autocomplete.machine'
import { reviewCheckMachine, type ReviewCheckEvent, type RunCheckInput } from '@/machines/review-check.machine'
import type { CheckedPlace, RadiusKm, ReviewCheckResult } from '@/schemas/review-check'
import { botCheckWith, tokenAtOnce } from './token-fakes'

const place = (id: string, rating: number | null, reviewCount: number): CheckedPlace => ({
  id,
  name: id,
  address: `${id} street`,
  primaryType: 'veterinary_care',
  rating,
  reviewCount,
  mapsUrl: `https://maps.google.com/?cid=${id}`,
})
const ranked: ReviewCheckResult = { business: place('vet-1', 4.6, 212), competitors: [place('vet-2', 4.9, 40)], rank: 2, radiusKm: 5 }
const suggestions: FetchPredictionsOutput = {
  status: 'OK',
  predictions: [
    { place_id: 'vet-1', description: 'Harbourside Veterinary Clinic, 221 King Street' },
    { place_id: 'vet-9', description: 'Harbour Vets, 1 Bay Road' },
  ],
}

function start(runCheck: (input: RunCheckInput) => Promise<ReviewCheckResult>) {
  const run = vi.fn(runCheck)
  const writeUrl = vi.fn()
  /** The page's URL: `openUrl` sends `url.changed` as the router does after a navigation. */
  let send: (event: ReviewCheckEvent) => void = () => {}
  const machine = reviewCheckMachine.provide({
    actors: {
      botCheck: tokenAtOnce('XXXX.DUMMY.TOKEN.XXXX'),
      businessSearch: addressAutocompleteMachine.provide({ actors: { fetchPredictions: fromPromise(async () => suggestions) } }),
      runCheck: fromPromise<ReviewCheckResult, RunCheckInput>(({ input }) => run(input)),
      followUrl: fromCallback<ReviewCheckEvent>(({ sendBack }) => {
        send = sendBack
      }),
    },
    actions: { writeUrl: (_, check) => writeUrl(check) },
  })
  const clock = new SimulatedClock()
  const actor = createActor(machine, { clock })
  actor.start()
  const openUrl = (placeId: string | undefined, radiusKm: RadiusKm) => send({ type: 'url.changed', placeId, radiusKm })
  return { actor, clock, run, writeUrl, openUrl }
}

async function chooseHarbourside({ actor, clock }: ReturnType<typeof start>) {
  const search = actor.getSnapshot().context.search
  search.send({ type: 'query.changed', value: 'harbour' })
  clock.increment(300)
  await waitFor(search, (s) => s.matches({ enabled: 'showing' }))
  search.send({ type: 'list.next' })
  search.send({ type: 'list.choose' })
}

const failing = (kind: string, retryAfterSeconds?: number) => () =>
  Promise.reject(new FailureError(kind, { service: 'review-check', retryAfterSeconds }))

describe('review check machine', () => {
  it('goes idle -> choosing -> checking -> result, with the chosen business and radius, and announces the shareable check', async () => {
    const flow = start(async () => ranked)
    expect(flow.actor.getSnapshot().value).toBe('idle')
    await chooseHarbourside(flow)
    expect(flow.actor.getSnapshot().value).toBe('choosing')
    expect(flow.actor.getSnapshot().context.business).toEqual({
      placeId: 'vet-1',
      description: 'Harbourside Veterinary Clinic, 221 King Street',
    })
    flow.actor.send({ type: 'radius.changed', radiusKm: 10 })
    flow.actor.send({ type: 'check.submit' })
    await waitFor(flow.actor, (s) => s.matches({ result: 'ranked' }))
    expect(flow.run).toHaveBeenCalledWith({ placeId: 'vet-1', radiusKm: 10, turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' })
    expect(flow.actor.getSnapshot().context.result).toEqual(ranked)
    expect(flow.writeUrl.mock.calls).toEqual([[{ placeId: 'vet-1', radiusKm: 10 }]])
  })

  it('asks for a business before checking, and forgets a choice when the text changes', async () => {
    const flow = start(async () => ranked)
    const refused = vi.fn()
    flow.actor.on('check.refused', refused)
    flow.actor.send({ type: 'check.submit' })
    expect(flow.actor.getSnapshot().context.error).toBe('business-required')
    expect(refused).toHaveBeenCalledTimes(1)
    await chooseHarbourside(flow)
    expect(flow.actor.getSnapshot().context.error).toBeNull()
    flow.actor.getSnapshot().context.search.send({ type: 'query.changed', value: 'something else' })
    flow.actor.send({ type: 'check.submit' })
    expect(flow.actor.getSnapshot().matches('choosing')).toBe(true)
    expect(refused).toHaveBeenCalledTimes(2)
    expect(flow.run).not.toHaveBeenCalled()
  })

  it('text typed but no suggestion picked is its own error, cleared by the next keystroke; blank text is the first again', () => {
    const flow = start(async () => ranked)
    const search = flow.actor.getSnapshot().context.search
    search.send({ type: 'query.changed', value: 'Joe’s Pizza Bondi' })
    flow.actor.send({ type: 'check.submit' })
    expect(flow.actor.getSnapshot().context.error).toBe('business-not-chosen')
    search.send({ type: 'query.changed', value: '  ' })
    expect(flow.actor.getSnapshot().context.error).toBeNull()
    flow.actor.send({ type: 'check.submit' })
    expect(flow.actor.getSnapshot().context.error).toBe('business-required')
    expect(flow.run).not.toHaveBeenCalled()
  })

  it('runs a shared check again from its URL, and a wider radius re-checks', async () => {
    const flow = start(async ({ radiusKm }) =>
      radiusKm === 2 ? { ...ranked, competitors: [], rank: 1, radiusKm } : { ...ranked, radiusKm },
    )
    flow.openUrl('vet-1', 2)
    await waitFor(flow.actor, (s) => s.matches({ result: 'noCompetitors' }))
    expect([...flow.actor.getSnapshot().tags]).toEqual(['noCompetitors'])
    flow.actor.send({ type: 'radius.changed', radiusKm: 5 })
    await waitFor(flow.actor, (s) => s.matches({ result: 'ranked' }))
    expect(flow.run.mock.calls.map(([input]) => input)).toEqual([
      { placeId: 'vet-1', radiusKm: 2, turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' },
      { placeId: 'vet-1', radiusKm: 5, turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' },
    ])
  })

  it('follows the URL: the check it shows is not run twice, another one is, and the bare URL returns to the picker', async () => {
    const flow = start(async ({ radiusKm }) => ({ ...ranked, radiusKm }))
    flow.openUrl(undefined, 5)
    expect(flow.actor.getSnapshot().value).toBe('idle')
    flow.openUrl('vet-1', 5)
    await waitFor(flow.actor, (s) => s.matches({ result: 'ranked' }))
    flow.openUrl('vet-1', 5)
    expect(flow.actor.getSnapshot().matches('result')).toBe(true)
    flow.openUrl('vet-1', 10)
    await waitFor(flow.actor, (s) => s.matches('result') && s.context.result?.radiusKm === 10)
    expect(flow.run).toHaveBeenCalledTimes(2)
    flow.openUrl(undefined, 5)
    expect(flow.actor.getSnapshot().value).toBe('choosing')
  })

  it('tells a business without reviews apart, and tags what the page shows, alone in its radius too', async () => {
    const flow = start(async ({ radiusKm }) => ({
      ...ranked,
      business: place('vet-1', null, 0),
      competitors: radiusKm === 2 ? [] : ranked.competitors,
      radiusKm,
    }))
    flow.openUrl('vet-1', 5)
    await waitFor(flow.actor, (s) => s.matches({ result: 'noReviews' }))
    expect([...flow.actor.getSnapshot().tags]).toEqual(['noReviews'])
    flow.openUrl('vet-1', 2)
    await waitFor(flow.actor, (s) => s.matches('result') && s.context.radiusKm === 2)
    expect(flow.actor.getSnapshot().matches({ result: 'noReviews' })).toBe(true)
    expect([...flow.actor.getSnapshot().tags].sort()).toEqual(['noCompetitors', 'noReviews'])
  })

  it.each([
    ['rate-limited', 1500, 'rateLimited'],
    ['cap-reached', 3600, 'capReached'],
    ['not-found', undefined, 'notFound'],
    ['not-a-business', undefined, 'notFound'],
    ['verification-failed', undefined, 'notVerified'],
    ['down', undefined, 'placesDown'],
  ] as const)('names the %s failure as failed.%s', async (kind, retryAfterSeconds, state) => {
    const flow = start(failing(kind, retryAfterSeconds))
    flow.openUrl('vet-1', 5)
    await waitFor(flow.actor, (s) => s.matches({ failed: state }))
    expect(flow.actor.getSnapshot().context.failure).toEqual({ kind, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) })
  })

  it('takes a fresh token for each check: none from the bot check is sent as none, and a retry asks again', async () => {
    const tokens = ['first-token', undefined]
    const run = vi.fn(async (_: RunCheckInput) => ({ ...ranked }))
    const machine = reviewCheckMachine.provide({
      actors: {
        botCheck: botCheckWith(async () => {
          const token = tokens.shift()
          return token ? { token } : { missing: 'off' }
        }),
        businessSearch: addressAutocompleteMachine.provide({ actors: { fetchPredictions: fromPromise(async () => suggestions) } }),
        runCheck: fromPromise<ReviewCheckResult, RunCheckInput>(({ input }) => run(input)),
        followUrl: fromCallback<ReviewCheckEvent>(({ sendBack }) => sendBack({ type: 'url.changed', placeId: 'vet-1', radiusKm: 5 })),
      },
      actions: { writeUrl: () => {} },
    })
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches('result'))
    actor.send({ type: 'radius.changed', radiusKm: 10 })
    expect(actor.getSnapshot().matches('checking')).toBe(true)
    await waitFor(actor, (s) => s.matches('result') && s.context.radiusKm === 10)
    expect(run.mock.calls.map(([input]) => input)).toEqual([
      { placeId: 'vet-1', radiusKm: 5, turnstileToken: 'first-token' },
      { placeId: 'vet-1', radiusKm: 10 },
    ])
  })

  it('retries after Places failed, and an unexpected error counts as Places down', async () => {
    let calls = 0
    const flow = start(() => (++calls === 1 ? Promise.reject(new Error('boom')) : Promise.resolve(ranked)))
    flow.openUrl('vet-1', 5)
    await waitFor(flow.actor, (s) => s.matches({ failed: 'placesDown' }))
    flow.actor.send({ type: 'check.retry' })
    await waitFor(flow.actor, (s) => s.matches({ result: 'ranked' }))
    flow.actor.send({ type: 'target.changed', target: 4.9 })
    expect(flow.actor.getSnapshot().context.target).toBe(4.9)
  })
  it('after a failure the picker is live again: a new choice is checked', async () => {
    const flow = start(async ({ placeId }) =>
      placeId === 'vet-1' ? failing('not-found')() : { ...ranked, business: place(placeId, 4.2, 9) },
    )
    await chooseHarbourside(flow)
    flow.actor.send({ type: 'check.submit' })
    await waitFor(flow.actor, (s) => s.matches({ failed: 'notFound' }))
    const search = flow.actor.getSnapshot().context.search
    search.send({ type: 'query.changed', value: 'harbour vets' })
    expect(flow.actor.getSnapshot().matches('choosing')).toBe(true)
    flow.clock.increment(300)
    await waitFor(search, (s) => s.matches({ enabled: 'showing' }))
    search.send({ type: 'list.choose', index: 1 })
    flow.actor.send({ type: 'check.submit' })
    await waitFor(flow.actor, (s) => s.matches('result'))
    expect(flow.run.mock.calls.map(([input]) => input.placeId)).toEqual(['vet-1', 'vet-9'])
  })
})
