export type Fetch = (input: string, init: RequestInit) => Promise<Response>

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  })
}

export function methodNotAllowed(allow: readonly string[]): Response {
  return json(405, { error: 'Method not allowed' }, { allow: [...allow, 'OPTIONS'].join(', ') })
}

/**
 * Reads at most `maxBytes` of the body. Content-Length is checked first, but a chunked body has
 * none, so the stream is counted as well.
 */
export async function readLimitedText(req: Request, maxBytes: number): Promise<string | 'too-large'> {
  const declared = Number(req.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) return 'too-large'
  if (!req.body) return ''
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return 'too-large'
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/** A body as JSON, or undefined when it is not JSON (JSON.parse never yields undefined). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
