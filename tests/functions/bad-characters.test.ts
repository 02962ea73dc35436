import { describe, expect, it } from 'vitest'
import { BAD_CHARACTERS } from '@/schemas/visitor-text'
import { createAiReplyHandler } from '../../supabase/functions/ai-reply/handler.ts'
import { createReviewCheckHandler } from '../../supabase/functions/review-check/handler.ts'
import { fakeBoard, leadsHandler, ORIGIN, postLead, recordingLogger, submission } from './support'

// A NUL byte or half a surrogate pair can never be stored or sent on, so a retry cannot succeed:
// every entry point answers 400 with one clear message, before it records, limits or calls anything.
const NUL = 'Jane\u0000Citizen'
const LONE_SURROGATE = 'Jane \uD83D Citizen'
const base = submission()

describe('leads (JSON)', () => {
  it.each([
    ['a NUL in the name', { ...base, lead: { ...base.lead, name: NUL } }],
    ['a lone surrogate in the note', { ...base, lead: { ...base.lead, note: LONE_SURROGATE } }],
    ['a low surrogate alone in the tracking keyword', { ...base, tracking: { platform: '', keyword: 'vet \uDC00' } }],
    ['a NUL in a key', { ...base, lead: { ...base.lead, ['note\u0000']: 'x' } }],
  ])('%s -> 400 with the message, nothing recorded or sent, no Retry-After', async (_case, body) => {
    const calls = fakeBoard()
    const { handler, store } = leadsHandler()
    const res = await postLead(handler, body)
    expect(res.status).toBe(400)
    expect(res.headers.get('retry-after')).toBeNull()
    expect(await res.json()).toMatchObject({ error: BAD_CHARACTERS })
    expect(await store.find(base.submissionId)).toBeUndefined()
    expect(calls).toHaveLength(0)
  })

  it('keeps an emoji (a whole surrogate pair) and accents', async () => {
    fakeBoard()
    const { handler } = leadsHandler()
    const res = await postLead(handler, { ...base, lead: { ...base.lead, note: 'Zoë says 👍' } })
    expect(res.status).toBeLessThan(300)
  })
})

describe('leads (form post without script)', () => {
  it('a NUL in a field -> a 400 page that says so, nothing recorded', async () => {
    const calls = fakeBoard()
    const { handler } = leadsHandler()
    const fields = { locations: '2-10', name: NUL, phone: '0422470721', email: 'jane@example.com', business: '1 Analytical St' }
    const res = await handler(
      new Request('https://project.test/functions/v1/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        body: new URLSearchParams({ ...fields, source_path: '/vet', source_label: 'Veterinary Page' }).toString(),
      }),
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(await res.text()).toContain(BAD_CHARACTERS)
    expect(calls).toHaveLength(0)
  })
})

describe('ai-reply', () => {
  it.each([
    ['a NUL in the review', { review: `Great ${NUL}`, business: 'Harbourside Vets' }],
    ['a lone surrogate in the business', { review: 'Great service', business: LONE_SURROGATE }],
  ])('%s -> 400 with the message', async (_case, fields) => {
    const handler = createAiReplyHandler({ allowedOrigins: [ORIGIN], logger: recordingLogger(), limiters: [] })
    const res = await handler(
      new Request('https://project.test/functions/v1/ai-reply', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ rating: 5, firstName: '', kind: 'vet', ...fields }),
      }),
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid', message: BAD_CHARACTERS })
  })
})

describe('review-check', () => {
  it.each([
    ['a NUL in the place', '?place=mock-vet%00&radius=5'],
    ['a NUL in the radius', '?place=mock-vet-harbourside&radius=5%00'],
  ])('%s -> 400 with the message, Google never asked', async (_case, query) => {
    const asked: string[] = []
    const handler = createReviewCheckHandler({
      apiKey: 'maps-key',
      baseUrl: 'https://places.test',
      allowedOrigins: [ORIGIN],
      logger: recordingLogger(),
      limiters: [],
      fetch: async (input) => {
        asked.push(String(input))
        return new Response('{}', { status: 500 })
      },
    })
    const res = await handler(new Request(`https://project.test/functions/v1/review-check${query}`, { headers: { origin: ORIGIN } }))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid', message: BAD_CHARACTERS })
    expect(asked).toEqual([])
  })
})
