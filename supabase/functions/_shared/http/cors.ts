import { json } from './http.ts'

const ALLOWED_HEADERS = 'content-type, authorization, apikey, x-client-info'
const PREFLIGHT_MAX_AGE_SECONDS = '86400'

type Handle = (req: Request) => Promise<Response>

/** `ALLOWED_ORIGINS` is comma separated; `*` admits any origin (local development only). */
export function parseAllowedOrigins(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean)
}

/**
 * Browsers get CORS headers only for listed origins; other origins get 403 before any work is
 * done. A request without Origin (server to server, curl) is handled without CORS headers.
 */
export function withCors(handle: Handle, options: { allowedOrigins: readonly string[]; methods: readonly string[] }): Handle {
  const allowMethods = [...options.methods, 'OPTIONS'].join(', ')
  const isAllowed = (origin: string) => options.allowedOrigins.includes('*') || options.allowedOrigins.includes(origin)

  return async (req) => {
    const origin = req.headers.get('origin')
    if (origin === null) {
      return req.method === 'OPTIONS' ? new Response(null, { status: 204, headers: { allow: allowMethods } }) : handle(req)
    }
    if (!isAllowed(origin)) return json(403, { error: 'Origin not allowed' }, { vary: 'Origin' })

    const cors = { 'access-control-allow-origin': origin, vary: 'Origin' }
    // The browser waits as long as a 429 or 503 asks: it must be allowed to read Retry-After.
    const exposed = { 'access-control-expose-headers': 'retry-after' }
    if (req.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-methods': allowMethods,
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
        },
      })
    }
    const res = await handle(req)
    const headers = new Headers(res.headers)
    for (const [name, value] of Object.entries({ ...cors, ...exposed })) headers.set(name, value)
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }
}
