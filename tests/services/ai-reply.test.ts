import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@mocks/node'
import { AI_REPLY_FUNCTION } from '@mocks/endpoints'
import { templateReply } from '@/lib/reply-templates'
import type { AiReplyEvent, AiReplyRequest } from '@/schemas/ai-reply'
import { createAiReplyService } from '@/services/ai-reply'
import { FailureError } from '@/schemas/failure'

const service = createAiReplyService({ functionsUrl: 'https://mock-project.supabase.co/functions/v1' })
const request: AiReplyRequest = {
  review: 'The team was lovely but we waited a while.',
  rating: 4,
  firstName: 'Ana',
  business: 'Harbour Cafe',
  kind: 'general',
  tone: 'professional',
}

async function draft(signal = new AbortController().signal, turnstileToken: string | undefined = 'XXXX.DUMMY.TOKEN.XXXX') {
  const events: AiReplyEvent[] = []
  await service.draft(request, { signal, onEvent: (event) => events.push(event), turnstileToken })
  return events
}

describe('ai-reply service', () => {
  it('streams the offline template in chunks, then the final reply', async () => {
    const events = await draft()
    const chunks = events.filter((e) => e.type === 'chunk')
    expect(chunks.length).toBeGreaterThan(5)
    expect(chunks.map((c) => c.text).join('')).toBe(templateReply(request))
    expect(events.at(-1)).toEqual({ type: 'done', text: templateReply(request), source: 'template' })
  })

  it('names a rate limit with its wait, refused input, and a server or network failure', async () => {
    server.use(
      http.post(
        AI_REPLY_FUNCTION,
        () => HttpResponse.json({ code: 'rate-limited', message: '' }, { status: 429, headers: { 'retry-after': '1800' } }),
        {
          once: true,
        },
      ),
    )
    await expect(draft()).rejects.toEqual(new FailureError('rate-limited', { service: 'ai-reply', retryAfterSeconds: 1800 }))

    server.use(http.post(AI_REPLY_FUNCTION, () => HttpResponse.json({ code: 'invalid', message: '' }, { status: 400 }), { once: true }))
    await expect(draft()).rejects.toMatchObject({ kind: 'invalid' })
    server.use(http.post(AI_REPLY_FUNCTION, () => HttpResponse.json({ code: 'unavailable', message: '' }, { status: 503 }), { once: true }))
    await expect(draft()).rejects.toMatchObject({ kind: 'down' })
    server.use(http.post(AI_REPLY_FUNCTION, () => HttpResponse.error(), { once: true }))
    await expect(draft()).rejects.toMatchObject({ kind: 'down' })
  })

  it("names a refusal for want of a valid bot-check token 'verification-failed'", async () => {
    const signal = new AbortController().signal
    await expect(service.draft(request, { signal, onEvent: () => {} })).rejects.toMatchObject({ kind: 'verification-failed' })
  })

  it('a stream that breaks before its final event is a failure, not a half reply', async () => {
    server.use(
      http.post(
        AI_REPLY_FUNCTION,
        () =>
          new HttpResponse('data: {"type":"chunk","text":"Hi Ana. ","source":"ai"}\n\n', {
            headers: { 'content-type': 'text/event-stream' },
          }),
        { once: true },
      ),
    )
    const events: AiReplyEvent[] = []
    await expect(
      service.draft(request, {
        signal: new AbortController().signal,
        onEvent: (e) => events.push(e),
        turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
      }),
    ).rejects.toMatchObject({
      kind: 'down',
    })
    expect(events).toEqual([{ type: 'chunk', text: 'Hi Ana. ', source: 'ai' }])
  })

  it('the offline handler refuses a malformed request as the function does', async () => {
    const res = await fetch('https://mock-project.supabase.co/functions/v1/ai-reply', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...request, rating: 0, review: '' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid', issues: [{ path: 'review' }, { path: 'rating' }] })
  })

  it('an abort stops the stream without a failure of its own', async () => {
    const controller = new AbortController()
    const pending = draft(controller.signal)
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
