import { parseJson, type Fetch } from './http.ts'

/** `json` is undefined when the body is not JSON (JSON.parse never yields undefined). */
export type Answer = { kind: 'answer'; status: number; headers: Headers; json: unknown; text: string }
export type TransportFailure = { kind: 'timeout' | 'network'; message: string }

/**
 * `once: true` streams the body. Deno's fetch silently re-sends a request whose connection drops
 * before the answer when it can replay the body (denoland/deno#35610): for a call that creates
 * something that is a duplicate. A streamed body cannot be replayed, so it is sent exactly once.
 */
export async function postJson(
  fetch: Fetch,
  url: string,
  init: { headers: Record<string, string>; payload: unknown; timeoutMs: number; once?: boolean },
): Promise<Answer | TransportFailure> {
  const text = JSON.stringify(init.payload)
  return send(fetch, url, init.timeoutMs, {
    method: 'POST',
    headers: { ...init.headers, 'content-type': 'application/json' },
    ...(init.once ? { body: new Blob([text]).stream(), duplex: 'half' } : { body: text }),
  } as RequestInit)
}

export function getJson(
  fetch: Fetch,
  url: string,
  init: { headers: Record<string, string>; timeoutMs: number },
): Promise<Answer | TransportFailure> {
  return send(fetch, url, init.timeoutMs, { method: 'GET', headers: init.headers })
}

async function send(fetch: Fetch, url: string, timeoutMs: number, init: RequestInit): Promise<Answer | TransportFailure> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    const answer = await res.text()
    return { kind: 'answer', status: res.status, headers: res.headers, json: parseJson(answer), text: answer }
  } catch (error) {
    return isTimeout(error)
      ? { kind: 'timeout', message: `no answer within ${timeoutMs} ms` }
      : { kind: 'network', message: error instanceof Error ? error.message : String(error) }
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
}

/** A short excerpt of a non-JSON body for logs. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}
