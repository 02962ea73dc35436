import { delay, http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { templateReply } from '@/lib/reply-templates'
import { AiReplyRequestSchema, REQUEST_MAX_BYTES, sseEvent, type AiReplyEvent } from '@/schemas/ai-reply'
import { AI_REPLY_FUNCTION } from '../endpoints'
import { recordRequest } from '../recorder'
import { isScenario } from '../scenario'
import { tokenVerified, VERIFICATION_FAILED } from '../turnstile'
import { unsupportedType } from '../media-type'

/** Offline timing, close to a fast model's: the first words within half a second, then a few words at a time. */
export const OFFLINE_FIRST_CHUNK_MS = 400
export const OFFLINE_CHUNK_MS = 70
const FIRST_TOKEN_LIMIT_MS = 8_000
const STREAM_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' }

/** The template reply, a few words per chunk: the streaming UI works offline as it does live. */
export function chunksOf(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? []
  const chunks: string[] = []
  for (let i = 0; i < words.length; i += 3) chunks.push(words.slice(i, i + 3).join(''))
  return chunks
}

function streamed(events: AiReplyEvent[], firstMs: number, everyMs: number): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const [index, event] of events.entries()) {
        await delay(index === 0 ? firstMs : everyMs)
        controller.enqueue(encoder.encode(sseEvent(event)))
      }
      controller.close()
    },
  })
  return new HttpResponse(body, { headers: STREAM_HEADERS })
}

/**
 * The `ai-reply` function offline: the template engine's reply, streamed. Scenarios: `reply-limited`
 * (429, 30 minutes), `reply-down` (the model unavailable: the template at once), `reply-slow` (no
 * first token within 8 s: the template after the wait). No valid `turnstileToken`: 403, as the function answers.
 */
export const aiReplyHandlers = [
  http.options(AI_REPLY_FUNCTION, () => new HttpResponse(null, { status: 204 })),
  http.post(AI_REPLY_FUNCTION, async ({ request }) => {
    const refused = unsupportedType(request)
    if (refused) return refused
    const text = await request.text()
    if (new TextEncoder().encode(text).byteLength > REQUEST_MAX_BYTES)
      return HttpResponse.json({ code: 'too-large', message: 'Too large' }, { status: 413 })
    const parsed = v.safeParse(AiReplyRequestSchema, parseJson(text))
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }))
      return HttpResponse.json({ code: 'invalid', message: 'Invalid request', issues }, { status: 400 })
    }
    // Before the model is asked: a request without a valid bot-check token costs nothing.
    if (!tokenVerified(parseJson(text))) return HttpResponse.json(VERIFICATION_FAILED, { status: 403 })
    const draft = parsed.output
    recordRequest('ai-reply', { rating: draft.rating, tone: draft.tone, kind: draft.kind })
    if (isScenario('reply-limited'))
      return HttpResponse.json(
        { code: 'rate-limited', message: 'Too many drafts from this connection' },
        { status: 429, headers: { 'retry-after': String(30 * 60) } },
      )
    const reply = templateReply(draft)
    if (isScenario('reply-down')) return streamed([{ type: 'done', text: reply, source: 'template', reason: 'down' }], 150, 0)
    if (isScenario('reply-slow'))
      return streamed([{ type: 'done', text: reply, source: 'template', reason: 'slow' }], FIRST_TOKEN_LIMIT_MS, 0)
    const chunks = chunksOf(reply).map((chunk): AiReplyEvent => ({ type: 'chunk', text: chunk, source: 'template' }))
    return streamed([...chunks, { type: 'done', text: reply, source: 'template' }], OFFLINE_FIRST_CHUNK_MS, OFFLINE_CHUNK_MS)
  }),
]

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
