import { describe, expect, it } from 'vitest'
import { answerGooglePlaces } from '@mocks/fake-google-places'
import { createAiReplyHandler } from '../../supabase/functions/ai-reply/handler.ts'
import { createReviewCheckHandler } from '../../supabase/functions/review-check/handler.ts'
import { fakeVerifier, fakeSiteverifyForFile } from './siteverify-helpers'
import { ORIGIN, recordingLogger } from './support'

// /check and /reply call a third party that bills (Google Places, the model): without a valid token
// they refuse with 403 and the phone, before that call and before the day's cap is counted.
const siteverify = fakeSiteverifyForFile()

const verifier = () => fakeVerifier(siteverify())

function checker() {
  const calls = { places: 0, cap: 0 }
  const handler = createReviewCheckHandler({
    apiKey: 'maps-key',
    baseUrl: 'https://places.test',
    allowedOrigins: [ORIGIN],
    logger: recordingLogger(),
    limiters: [],
    dailyCap: async () => {
      calls.cap++
      return { allowed: true }
    },
    fetch: async (input, init) => {
      calls.places++
      return answerGooglePlaces(new Request(input, init))
    },
    verifier: verifier(),
    salesPhone: '1300 555 019',
  })
  const check = (body: Record<string, unknown>) =>
    handler(
      new Request('https://project.test/functions/v1/review-check', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ place: 'mock-vet-harbourside', radius: 5, ...body }),
      }),
    )
  return { check, calls }
}

function replier() {
  const calls = { model: 0 }
  const handler = createAiReplyHandler({
    allowedOrigins: [ORIGIN],
    logger: recordingLogger(),
    limiters: [],
    model: async function* () {
      calls.model++
      yield 'Thank you for your kind words. We look forward to seeing you again.'
    },
    verifier: verifier(),
    salesPhone: '1300 555 019',
  })
  const reply = (body: Record<string, unknown>) =>
    handler(
      new Request('https://project.test/functions/v1/ai-reply', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ review: 'Lovely staff.', rating: 5, business: 'Harbourside Vets', kind: 'general', tone: 'warm', ...body }),
      }),
    )
  return { reply, calls }
}

describe('/check with the bot check', () => {
  it('answers 403 with the phone and calls Google not once without a token', async () => {
    const { check, calls } = checker()
    const res = await check({})
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'verification-failed', message: expect.stringContaining('1300 555 019') })
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(calls).toEqual({ places: 0, cap: 0 })
  })

  it('refuses a reused token, one for another form, and one from another hostname', async () => {
    const { check, calls } = checker()
    const token = siteverify().issue({ action: 'check' })
    expect((await check({ turnstileToken: token })).status).toBe(200)
    const placesForOne = calls.places
    for (const turnstileToken of [
      token,
      siteverify().issue({ action: 'reply' }),
      siteverify().issue({ action: 'check', hostname: 'evil.example' }),
    ]) {
      expect((await check({ turnstileToken })).status).toBe(403)
    }
    expect(calls.places).toBe(placesForOne)
  })

  it('answers 503 with Retry-After when siteverify is down, and calls nothing', async () => {
    const { check, calls } = checker()
    siteverify().mode = 'down'
    const res = await check({ turnstileToken: siteverify().issue({ action: 'check' }) })
    expect(res.status).toBe(503)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(calls.places).toBe(0)
  })
})

describe('/reply with the bot check', () => {
  it('answers 403 with the phone without a token, and the model is never asked', async () => {
    const { reply, calls } = replier()
    const res = await reply({})
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'verification-failed', message: expect.stringContaining('1300 555 019') })
    expect(calls.model).toBe(0)
  })

  it('drafts with a valid token', async () => {
    const { reply, calls } = replier()
    const res = await reply({ turnstileToken: siteverify().issue({ action: 'reply' }) })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('"source":"ai"')
    expect(calls.model).toBe(1)
  })
})
