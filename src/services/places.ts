import * as v from 'valibot'
import { FailureError } from '@/schemas/failure'
import { toFailure } from './http-failure'
import { lazyHttp } from './http'

export const PlacesAnswerSchema = v.object({
  status: v.string(),
  predictions: v.array(v.object({ place_id: v.string(), description: v.string() })),
})
export type PlacesAnswer = v.InferOutput<typeof PlacesAnswerSchema>

export interface PlacesService {
  /** `kind: 'business'` finds businesses (the review check) instead of addresses. */
  autocomplete(query: string, sessionToken: string, signal?: AbortSignal, kind?: 'address' | 'business'): Promise<PlacesAnswer>
}

export const PLACES_CACHE_TTL_MS = 24 * 60 * 60 * 1000
const CACHE_PREFIX = 'places:v1:'

type CacheDeps = { storage?: Storage; now?: () => number }

function readCache(storage: Storage | undefined, key: string, now: number): PlacesAnswer | undefined {
  try {
    const raw = storage?.getItem(key)
    if (!raw) return undefined
    const entry = JSON.parse(raw) as { at: number; answer: unknown }
    const answer = v.safeParse(PlacesAnswerSchema, entry.answer)
    if (now - entry.at > PLACES_CACHE_TTL_MS || !answer.success) {
      storage?.removeItem(key)
      return undefined
    }
    return answer.output
  } catch {
    return undefined
  }
}

function writeCache(storage: Storage | undefined, key: string, at: number, answer: PlacesAnswer) {
  try {
    storage?.setItem(key, JSON.stringify({ at, answer }))
  } catch {
    // A full or disabled storage only costs a repeated request.
  }
}

/**
 * Address predictions through the `places` edge function, cached in sessionStorage for 24 h. Once the
 * function says it is unavailable (or rate limits), the service stays off for the rest of the visit:
 * every later call fails 'unavailable' at once, without a request (so each form's search turns to plain
 * entry on its first try); a new page load (a new service) tries again.
 */
export function createPlacesService(
  { functionsUrl, timeoutMs = 5_000 }: { functionsUrl: string; timeoutMs?: number },
  { storage = globalThis.sessionStorage, now = Date.now }: CacheDeps = {},
): PlacesService {
  const http = lazyHttp({ timeout: timeoutMs, retry: 0 })
  let down = false
  return {
    async autocomplete(query, sessionToken, signal, kind = 'address') {
      if (down) throw new FailureError('unavailable', { service: 'places', detail: 'off for this visit after an unavailable answer' })
      const key = CACHE_PREFIX + (kind === 'business' ? 'business:' : '') + query.trim().toLowerCase()
      const cached = readCache(storage, key, now())
      if (cached) return cached
      try {
        const body = await (
          await http()
        )
          .get(`${functionsUrl}/places`, {
            searchParams: { input: query.trim(), session: sessionToken, ...(kind === 'business' ? { kind } : {}) },
            signal,
          })
          .json()
        const answer = v.parse(PlacesAnswerSchema, body)
        if (answer.status === 'OK' || answer.status === 'ZERO_RESULTS') writeCache(storage, key, now(), answer)
        return answer
      } catch (error) {
        const failure = toFailure('places', error)
        if (failure.kind === 'unavailable' || failure.kind === 'rate-limited') down = true
        throw failure
      }
    },
  }
}
