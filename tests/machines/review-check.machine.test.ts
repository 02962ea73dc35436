import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { addressAutocompleteMachine, type FetchPredictionsOutput } from '@/machines/address-autocomplete.machine'
import { reviewCheckMachine, type ReviewCheckEmitted, type RunCheckInput } from '@/machines/review-check.machine'
import type { CheckedPlace, ReviewCheckResult } from '@/schemas/review-check'

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
  const machine = reviewCheckMachine.provide({
    actors: {
      businessSearch: addressAutocompleteMachine.provide({ actors: { fetchPredictions: fromPromise(async () => suggestions) } }),
      runCheck: fromPromise<ReviewCheckResult, RunCheckInput>(({ input }) => run(input)),
    },
  })
  const clock = new SimulatedClock()
  const actor = createActor(machine, { input: { placesEnabled: true }, clock })
  const completed: ReviewCheckEmitted[] = []
  actor.on('check.completed', (event) => completed.push(event))
  actor.start()
  return { actor, clock, run, completed }
}

async function chooseHarbourside({ actor, clock }: ReturnType<typeof start>) {
  actor.send({ type: 'business.input', value: 'harbour' })
  clock.increment(300)
  await waitFor(actor.getSnapshot().context.search, (s) => s.matches({ enabled: 'showing' }))
  actor.send({ type: 'business.next' })
  actor.send({ type: 'business.choose' })
}

const failing = (kind: string, retryAfterSeconds?: number) => () =>
  Promise.reject(Object.assign(new Error(kind), { kind, retryAfterSeconds }))

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
    expect(flow.run).toHaveBeenCalledWith({ placeId: 'vet-1', radiusKm: 10 })
    expect(flow.actor.getSnapshot().context.result).toEqual(ranked)
    expect(flow.completed).toEqual([{ type: 'check.completed', placeId: 'vet-1', radiusKm: 10 }])
  })

  it('asks for a business before checking, and forgets a choice when the text changes', async () => {
    const flow = start(async () => ranked)
    flow.actor.send({ type: 'check.submit' })
    expect(flow.actor.getSnapshot().context.error).toBe('business-required')
    await chooseHarbourside(flow)
    expect(flow.actor.getSnapshot().context.error).toBeNull()
    flow.actor.send({ type: 'business.input', value: 'something else' })
    flow.actor.send({ type: 'check.submit' })
    expect(flow.actor.getSnapshot().matches('choosing')).toBe(true)
    expect(flow.run).not.toHaveBeenCalled()
  })

  it('runs a shared check again from its URL, and a wider radius re-checks', async () => {
    const flow = start(async ({ radiusKm }) =>
      radiusKm === 2 ? { ...ranked, competitors: [], rank: 1, radiusKm } : { ...ranked, radiusKm },
    )
    flow.actor.send({ type: 'check.open', placeId: 'vet-1', radiusKm: 2 })
    await waitFor(flow.actor, (s) => s.matches({ result: 'noCompetitors' }))
    flow.actor.send({ type: 'radius.changed', radiusKm: 5 })
    await waitFor(flow.actor, (s) => s.matches({ result: 'ranked' }))
    expect(flow.run.mock.calls.map(([input]) => input)).toEqual([
      { placeId: 'vet-1', radiusKm: 2 },
      { placeId: 'vet-1', radiusKm: 5 },
    ])
  })

  it('tells a business without reviews apart', async () => {
    const flow = start(async () => ({ ...ranked, business: place('vet-1', null, 0) }))
    flow.actor.send({ type: 'check.open', placeId: 'vet-1', radiusKm: 5 })
    await waitFor(flow.actor, (s) => s.matches({ result: 'noReviews' }))
  })

  it.each([
    ['rate-limited', 1500, 'rateLimited'],
    ['cap-reached', 3600, 'capReached'],
    ['not-found', undefined, 'notFound'],
    ['not-a-business', undefined, 'notFound'],
    ['down', undefined, 'placesDown'],
  ] as const)('names the %s failure as failed.%s', async (kind, retryAfterSeconds, state) => {
    const flow = start(failing(kind, retryAfterSeconds))
    flow.actor.send({ type: 'check.open', placeId: 'vet-1', radiusKm: 5 })
    await waitFor(flow.actor, (s) => s.matches({ failed: state }))
    expect(flow.actor.getSnapshot().context.failure).toEqual({ kind, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) })
  })

  it('an abort that reaches the check is ours, not a failure: it asks again quietly', async () => {
    let calls = 0
    const flow = start(() => (++calls === 1 ? Promise.reject(new DOMException('aborted', 'AbortError')) : Promise.resolve(ranked)))
    flow.actor.send({ type: 'check.open', placeId: 'vet-1', radiusKm: 5 })
    await waitFor(flow.actor, (s) => s.matches({ result: 'ranked' }))
    expect(flow.run).toHaveBeenCalledTimes(2)
    expect(flow.actor.getSnapshot().context.failure).toBeNull()
  })

  it('retries after Places failed, and an unexpected error counts as Places down', async () => {
    let calls = 0
    const flow = start(() => (++calls === 1 ? Promise.reject(new Error('boom')) : Promise.resolve(ranked)))
    flow.actor.send({ type: 'check.open', placeId: 'vet-1', radiusKm: 5 })
    await waitFor(flow.actor, (s) => s.matches({ failed: 'placesDown' }))
    flow.actor.send({ type: 'check.retry' })
    await waitFor(flow.actor, (s) => s.matches({ result: 'ranked' }))
    flow.actor.send({ type: 'target.changed', target: 4.9 })
    expect(flow.actor.getSnapshot().context.target).toBe(4.9)
  })
})
