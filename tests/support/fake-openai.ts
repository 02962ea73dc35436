import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ChatRequest = {
  authorization: string | undefined
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] }
}

/**
 * An OpenAI-compatible chat endpoint on 127.0.0.1 that streams like the real one. What it does is
 * chosen by a word in the review: `STALL` sends nothing, `BROKEN` answers 500, `UNSAFE` writes a
 * reply with a phone number in its second sentence; anything else gets `SAFE_REPLY`.
 */
export const SAFE_REPLY =
  "Thank you so much for your kind words! We're delighted you enjoyed your time with us. We look forward to seeing you again soon."
export const UNSAFE_REPLY = "Thank you for the feedback. Please call our manager on 0412 345 678 today. We're sorry."
export const CHUNK_DELAY_MS = 60

export async function startFakeOpenAi(): Promise<{ url: string; requests: ChatRequest[]; close(): Promise<void> }> {
  const requests: ChatRequest[] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const body = JSON.parse(raw) as ChatRequest['body']
      requests.push({ authorization: req.headers.authorization, body })
      const review = body.messages.at(-1)?.content ?? ''
      if (review.includes('STALL')) return // never answers; the function gives up first
      if (review.includes('BROKEN'))
        return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}')
      const reply = review.includes('UNSAFE') ? UNSAFE_REPLY : SAFE_REPLY
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      const deltas = reply.match(/\S+\s*/g) ?? []
      const frame = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
      res.write(frame({ role: 'assistant', content: '' }))
      let i = 0
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer)
        if (i < deltas.length) return void res.write(frame({ content: deltas[i++] }))
        clearInterval(timer)
        res.end(`${frame({}, 'stop')}data: [DONE]\n\n`)
      }, CHUNK_DELAY_MS)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The events of one ai-reply response, each with the time it arrived. */
export async function readEvents(res: Response): Promise<{ at: number; event: Record<string, unknown> }[]> {
  const events: { at: number; event: Record<string, unknown> }[] = []
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    buffer += value
    const frames = buffer.split('\n\n')
    buffer = frames.pop() ?? ''
    for (const frame of frames)
      if (frame.startsWith('data: ')) events.push({ at: performance.now(), event: JSON.parse(frame.slice(6)) as Record<string, unknown> })
  }
  return events
}
