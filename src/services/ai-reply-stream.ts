import * as v from 'valibot'
import { EventSourceParserStream } from 'eventsource-parser/stream'
import { AiReplyEventSchema, type AiReplyRequest } from '@/schemas/ai-reply'
import { isHttpError, lazyHttp } from './http'
import type { DraftOptions } from './ai-reply'
import { FailureError } from '@/schemas/failure'
import type { ReplyFailureKind } from '@/schemas/ai-reply'
import { retryAfterSeconds } from './http-failure'

const http = lazyHttp({ retry: 0, timeout: false })

const replyFailure = (kind: ReplyFailureKind, retryAfterSeconds?: number) =>
  new FailureError(kind, { service: 'ai-reply', retryAfterSeconds })

/** One server-sent event's data: JSON of an AiReplyEvent; anything else is skipped. */
const EventData = v.pipe(v.string(), v.parseJson(), AiReplyEventSchema)

/** Reads the function's server-sent events (eventsource-parser): one JSON object per event, `done` last. */
export async function streamDraft(url: string, request: AiReplyRequest, { signal, onEvent, turnstileToken }: DraftOptions): Promise<void> {
  let body: ReadableStream<BufferSource> | null
  try {
    body = (await (await http()).post(url, { json: { ...request, turnstileToken }, signal, headers: { accept: 'text/event-stream' } })).body
  } catch (error) {
    throw toFailure(error, signal)
  }
  if (!body) throw replyFailure('down')
  const reader = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      const event = v.safeParse(EventData, value.data)
      if (!event.success) continue
      onEvent(event.output)
      if (event.output.type === 'done') return
    }
  } catch (error) {
    throw toFailure(error, signal)
  } finally {
    void reader.cancel().catch(() => {})
  }
  // The stream ended without its final event: the connection broke.
  throw replyFailure('down')
}

function toFailure(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return error
  if (!isHttpError(error)) return replyFailure('down')
  const { status } = error.response
  if (status === 429) return replyFailure('rate-limited', retryAfterSeconds(error))
  if (status === 400 || status === 413) return replyFailure('invalid')
  if (status === 403) return replyFailure('verification-failed')
  return replyFailure('down')
}
