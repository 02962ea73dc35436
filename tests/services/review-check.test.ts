import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@mocks/node'
import { REVIEW_CHECK_FUNCTION } from '@mocks/endpoints'
import { recordedRequests } from '@mocks/recorder'
import { withScenario } from '../support/mock-scenario'
import { FailureError } from '@/schemas/failure'
import { createReviewCheckService } from '@/services/review-check'
import { createPlacesService } from '@/services/places'

const functionsUrl = 'https://project.example.co/functions/v1'
const TOKEN = 'XXXX.DUMMY.TOKEN.XXXX'
const createdService = createReviewCheckService({ functionsUrl })
/** Every check here carries the offline widget's token, as the page sends it. */
const service = { check: (placeId: string, radiusKm: number) => createdService.check(placeId, radiusKm, { turnstileToken: TOKEN }) }

async function failureOf(promise: Promise<unknown>): Promise<FailureError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FailureError)
  return error as FailureError
}

const answer = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.use(http.post(REVIEW_CHECK_FUNCTION, () => HttpResponse.json(body, { status, headers }), { once: true }))

describe('review-check service on the offline function', () => {
  it('answers the parsed check of a fixture business', async () => {
    const result = await service.check('mock-vet-harbourside', 5)
    expect(result).toMatchObject({ rank: 3, radiusKm: 5, business: { name: 'Harbourside Veterinary Clinic' } })
    expect(result.competitors).toHaveLength(9)
    expect(recordedRequests('review-check').at(-1)?.body).toEqual({ place: 'mock-vet-harbourside', radius: '5' })
  })

  it('names each failure: rate limit and cap with their wait, unknown place, Places down, a malformed answer', async () => {
    answer(429, { code: 'rate-limited', message: 'x' }, { 'retry-after': '1500' })
    expect(await failureOf(service.check('mock-vet-harbourside', 5))).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 1500 })
    answer(503, { code: 'cap-reached', message: 'x' }, { 'retry-after': '3600' })
    expect(await failureOf(service.check('mock-vet-harbourside', 5))).toMatchObject({ kind: 'cap-reached', retryAfterSeconds: 3600 })
    expect(await failureOf(service.check('mock-nowhere', 5))).toMatchObject({ kind: 'not-found' })
    answer(502, { code: 'places-failed', message: 'x' })
    expect(await failureOf(service.check('mock-vet-harbourside', 5))).toMatchObject({ kind: 'down' })
    answer(503, { code: 'unavailable', message: 'x' })
    expect(await failureOf(service.check('mock-vet-harbourside', 5))).toMatchObject({ kind: 'down' })
    answer(200, { business: 'nope' })
    expect(await failureOf(service.check('mock-vet-harbourside', 5))).toMatchObject({ kind: 'down' })
    server.use(http.post(REVIEW_CHECK_FUNCTION, () => HttpResponse.error(), { once: true }))
    expect(await failureOf(service.check('mock-vet-harbourside', 5))).toMatchObject({ kind: 'down' })
  })

  it("names a refusal for want of a valid bot-check token 'verification-failed', without a call to Google", async () => {
    const before = recordedRequests('places').length
    expect(await failureOf(createdService.check('mock-vet-harbourside', 5))).toMatchObject({ kind: 'verification-failed' })
    await withScenario('turnstile-failed', async () => {
      expect(await failureOf(service.check('mock-vet-harbourside', 5))).toMatchObject({ kind: 'verification-failed' })
    })
    expect(recordedRequests('places')).toHaveLength(before)
  })
})

describe('places service: the business search of the review check', () => {
  it('asks for businesses with kind=business and finds fixtures by a name fragment, nothing for the unknown', async () => {
    const places = createPlacesService({ functionsUrl }, { storage: undefined })
    const found = await places.autocomplete('harbourside vet', 'session-1', undefined, 'business')
    expect(found.predictions).toEqual([
      { place_id: 'mock-vet-harbourside', description: 'Harbourside Veterinary Clinic, 221 King Street, Newtown NSW 2042, Australia' },
    ])
    expect(recordedRequests('places').at(-1)?.body).toMatchObject({ kind: 'business' })
    expect((await places.autocomplete('dental', 'session-1', undefined, 'business')).predictions.length).toBeGreaterThan(3)
    expect(await places.autocomplete('zebra grooming', 'session-1', undefined, 'business')).toEqual({
      status: 'ZERO_RESULTS',
      predictions: [],
    })
  })
})
