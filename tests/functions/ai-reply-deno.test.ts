import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFunction, type DenoFunction } from '../support/deno-function.mjs'
import { readEvents, SAFE_REPLY, startFakeOpenAi } from '../support/fake-openai'
import { startPgCluster, type PgCluster } from '../support/pg-cluster.mjs'
import { loopbackPassesThrough, ORIGIN } from './support'
import { fetchWithin } from '../../scripts/fetch-within.mjs'

// The ai-reply function under Deno: the AI SDK against a fake OpenAI-compatible server on
// 127.0.0.1, its limits and cap on a real PostgreSQL.
let pg: PgCluster
let model: Awaited<ReturnType<typeof startFakeOpenAi>>
let fn: DenoFunction
const CAP = 40

beforeAll(async () => {
  loopbackPassesThrough()
  model = await startFakeOpenAi()
  pg = await startPgCluster()
  fn = await startFunction(
    'ai-reply',
    {
      SUPABASE_DB_URL: pg.url,
      AI_BASE_URL: model.url,
      AI_API_KEY: 'sk-test-never-logged',
      AI_MODEL: 'test-model',
      AI_DAILY_CAP: String(CAP),
      AI_FIRST_TOKEN_MS: '1500',
      ALLOWED_ORIGINS: ORIGIN,
      RATE_LIMIT_SALT: 'test-salt',
    },
    { flags: ['--allow-sys=hostname'] },
  )
}, 120_000)

afterAll(async () => {
  await fn?.stop()
  await model?.close()
  await pg?.stop()
})

beforeEach(loopbackPassesThrough)

const draft = {
  review: 'Lovely coffee and a friendly team.',
  rating: 5,
  firstName: 'Sam',
  business: 'Harbour Cafe',
  kind: 'general',
  tone: 'warm',
}

const ask = (ip: string, body: unknown = draft, origin = ORIGIN) =>
  fetchWithin(fn.url, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    within: 20_000,
    streamed: true,
  })

describe('ai-reply under Deno', () => {
  it('streams the checked reply sentence by sentence, then a final event saying ai', async () => {
    const started = performance.now()
    const res = await ask('198.51.100.1')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    const events = await readEvents(res)
    const chunks = events.filter((e) => e.event.type === 'chunk')
    const done = events.at(-1)!
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    expect(chunks[0]!.at).toBeLessThan(done.at - 200) // text arrives while the model is still writing
    expect(chunks.map((c) => c.event.text).join('')).toBe(SAFE_REPLY)
    expect(done.event).toEqual({ type: 'done', text: SAFE_REPLY, source: 'ai' })
    expect(done.at - started).toBeLessThan(10_000)

    const sent = model.requests.at(-1)!
    expect(sent.authorization).toBe('Bearer sk-test-never-logged')
    expect(sent.body).toMatchObject({ model: 'test-model', stream: true })
    expect(sent.body.messages[0]).toMatchObject({ role: 'system' })
    expect(sent.body.messages[0]!.content).not.toContain('Lovely coffee')
    expect(JSON.parse(sent.body.messages[1]!.content)).toMatchObject({ review: draft.review, firstName: 'Sam' })
    expect(fn.output()).not.toContain('sk-test-never-logged')
    expect(fn.output()).not.toContain('Lovely coffee')
  }, 30_000)

  it('holds back unsafe text and replaces the reply with the template', async () => {
    const events = await readEvents(await ask('198.51.100.2', { ...draft, rating: 2, review: 'UNSAFE: the wait was long.' }))
    expect(events.filter((e) => e.event.type === 'chunk').map((e) => e.event.text)).toEqual(['Thank you for the feedback. '])
    expect(JSON.stringify(events)).not.toContain('0412')
    expect(events.at(-1)!.event).toMatchObject({ type: 'done', source: 'template', reason: 'unsafe' })
    expect(events.at(-1)!.event.text).toMatch(/^Hi Sam, .*waiting times/)
  }, 30_000)

  it('gives the template when the model sends no first token in time, or fails', async () => {
    const started = performance.now()
    const slow = await readEvents(await ask('198.51.100.3', { ...draft, review: 'STALL please, the coffee was great.' }))
    expect(slow).toHaveLength(1)
    expect(slow[0]!.event).toMatchObject({ type: 'done', source: 'template', reason: 'slow' })
    expect(performance.now() - started).toBeLessThan(6_000)

    const broken = await readEvents(await ask('198.51.100.4', { ...draft, review: 'BROKEN model, great coffee.' }))
    expect(broken.map((e) => e.event)).toEqual([expect.objectContaining({ type: 'done', source: 'template', reason: 'down' })])
  }, 30_000)

  it('refuses bad input with its issues, bodies over 8 KB, and foreign origins', async () => {
    const bad = await ask('198.51.100.5', { ...draft, review: '', rating: 7 })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      code: 'invalid',
      issues: [
        { path: 'review', message: 'Please paste the review' },
        { path: 'rating', message: 'Please choose the star rating' },
      ],
    })
    expect((await ask('198.51.100.5', '{not json')).status).toBe(400)
    const large = await ask('198.51.100.5', { ...draft, review: 'x'.repeat(9_000) })
    expect(large.status).toBe(413)
    expect(await large.json()).toMatchObject({ code: 'too-large' })
    const foreign = await ask('198.51.100.5', draft, 'https://evil.example')
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  }, 30_000)

  it('allows 5 drafts an hour per client (429 with Retry-After), counted by salted hash', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await ask('198.51.100.20')
      expect(res.status).toBe(200)
      await readEvents(res)
    }
    const limited = await ask('198.51.100.20')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('access-control-expose-headers')).toBe('retry-after')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3_600)
    expect(await limited.json()).toMatchObject({ code: 'rate-limited' })
    const other = await ask('198.51.100.21')
    expect(other.status).toBe(200)
    await readEvents(other)

    const rows = await pg.sql<{ bucket: string; client_hash: string; hits: number }[]>`
      select bucket, client_hash, hits from request_limits where bucket like 'ai-reply%' order by hits desc`
    expect(new Set(rows.map((r) => r.bucket))).toEqual(new Set(['ai-reply-hour', 'ai-reply-day', 'ai-reply-cap']))
    expect(rows.find((r) => r.bucket === 'ai-reply-hour')).toMatchObject({ hits: 6 })
    expect(JSON.stringify(rows)).not.toContain('198.51.100')
  }, 60_000)

  it('past the global daily cap the template answers without calling the model', async () => {
    await pg.sql`update request_limits set hits = ${CAP} where bucket = 'ai-reply-cap'`
    const calls = model.requests.length
    const events = await readEvents(await ask('198.51.100.30'))
    expect(events.map((e) => e.event)).toEqual([expect.objectContaining({ type: 'done', source: 'template', reason: 'capped' })])
    expect(model.requests.length).toBe(calls)
  }, 30_000)
})
