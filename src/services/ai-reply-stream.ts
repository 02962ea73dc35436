import * as v from 'valibot'
import { AiReplyEventSchema, type AiReplyEvent, type AiReplyRequest } from '@/schemas/ai-reply'
import { isHttpError, lazyHttp } from './http'
import { ReplyFailure } from './ai-reply'

const http = lazyHttp({ retry: 0, timeout: false })

/** Reads the function's server-sent events: one JSON object per `data:` line, `done` last. */
export async function streamDraft(
  url: string,
  request: AiReplyRequest,
  { signal, onEvent }: { signal: AbortSignal; onEvent: (event: AiReplyEvent) => void },
): Promise<void> {
  let body: ReadableStream<Uint8Array> | null
  try {
    body = (await (await http()).post(url, { json: request, signal, headers: { accept: 'text/event-stream' } })).body
  } catch (error) {
    throw toFailure(error, signal)
  }
  if (!body) throw new ReplyFailure('down')
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      const frames = buffer.split('\n\n')
      buffer = frames.pop() ?? ''
      for (const frame of frames) {
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n')
        const event = v.safeParse(AiReplyEventSchema, parseJson(data))
        if (!event.success) continue
        onEvent(event.output)
        if (event.output.type === 'done') return
      }
    }
  } catch (error) {
    throw toFailure(error, signal)
  } finally {
    reader.releaseLock()
  }
  // The stream ended without its final event: the connection broke.
  throw new ReplyFailure('down')
}

function toFailure(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return error
  if (!isHttpError(error)) return new ReplyFailure('down')
  const { status, headers } = error.response
  const retry = Number(headers.get('retry-after'))
  if (status === 429) return new ReplyFailure('rate-limited', Number.isFinite(retry) && retry > 0 ? retry : undefined)
  if (status === 400 || status === 413) return new ReplyFailure('invalid')
  return new ReplyFailure('down')
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
