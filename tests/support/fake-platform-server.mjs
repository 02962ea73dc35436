// What the ad-platform fakes share: a server on 127.0.0.1 whose calls are recorded, and faults
// queued per endpoint ('400', '401', '429', '503' answered before the endpoint runs; 'drop': the
// endpoint runs and keeps what it took, then the connection is cut before any answer; 'hang': it
// runs and keeps what it took, and no answer ever comes, so the client's timeout fires).
import { createServer } from 'node:http'

export const FAULTS = ['400', '401', '429', '503', 'drop', 'hang']

export async function startPlatformServer(route, faultBody) {
  const queued = []
  const requests = []
  const server = createServer(async (req, res) => {
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const text = Buffer.concat(chunks).toString('utf8')
    const call = { method: req.method ?? 'GET', url, headers: req.headers, text }
    const handler = route(call)
    const endpoint = handler?.endpoint
    const at = queued.findIndex((fault) => fault.endpoint === endpoint && fault.count > 0)
    const fault = at >= 0 ? queued[at] : undefined
    if (fault) fault.count -= 1
    const record = { endpoint, method: call.method, path: url.pathname, text, status: 0, fault: fault?.fault }
    requests.push(record)
    const send = (status, body, headers = {}) => {
      record.status = status
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
      res.end(JSON.stringify(body))
    }
    if (!handler) return send(404, { error: { code: 404, message: `No route ${call.method} ${url.pathname}`, status: 'NOT_FOUND' } })
    if (fault && fault.fault !== 'drop' && fault.fault !== 'hang') {
      const status = Number(fault.fault)
      const headers = status === 429 && fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {}
      return send(status, fault.body ? fault.body(text) : faultBody(status, endpoint), headers)
    }
    const [status, body] = handler.run()
    if (fault?.fault === 'hang') {
      record.status = -1
      return undefined
    }
    if (fault?.fault === 'drop') {
      record.status = -1
      return req.socket.destroy()
    }
    return send(status, body)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    /** The next `count` calls of `endpoint` meet `fault` (`options.body`: the error body, from the request's text). */
    failNext(endpoint, fault, count = 1, options = {}) {
      if (!FAULTS.includes(fault)) throw new Error(`unknown fault ${fault}`)
      queued.push({ endpoint, fault, count, retryAfter: options.retryAfter, body: options.body })
    },
    reset() {
      queued.length = 0
      requests.length = 0
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export const HEX_64 = /^[0-9a-f]{64}$/

/** The keys of `object` not in `allowed`. */
export const unknownKeys = (object, allowed) => Object.keys(object).filter((key) => !allowed.includes(key))

export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)

export function parseJsonOr(text) {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
