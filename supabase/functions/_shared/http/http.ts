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

/** The body types a public function reads: JSON, and the browser's own (urlencoded) form post. */
export type BodyType = 'json' | 'form'
export const JSON_TYPE = 'application/json'
export const FORM_TYPE = 'application/x-www-form-urlencoded'

/**
 * The body's type by its Content-Type (parameters aside; a charset other than UTF-8 is refused), or
 * undefined for any other: text/plain, XML, multipart and none at all are never read as JSON.
 */
export function bodyType(req: Request): BodyType | undefined {
  const [type, ...params] = (req.headers.get('content-type') ?? '').split(';').map((part) => part.trim().toLowerCase())
  const charset = params
    .find((param) => param.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"(.*)"$/, '$1')
  if (charset !== undefined && charset !== 'utf-8') return undefined
  return type === JSON_TYPE ? 'json' : type === FORM_TYPE ? 'form' : undefined
}

/** 415 with a JSON error, naming the types the function takes (also in Accept-Post, RFC 5789). */
export function unsupportedMediaType(accepted: readonly string[]): Response {
  return json(
    415,
    { error: `Unsupported media type: send the body as ${accepted.join(' or ')}`, code: 'unsupported-media-type' },
    { 'accept-post': accepted.join(', ') },
  )
}
