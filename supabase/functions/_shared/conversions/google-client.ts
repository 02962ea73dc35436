import type { CountryCode } from 'libphonenumber-js/min'
import { parseJson, type Fetch } from '../http/http.ts'
import { getJson, postJson, type Answer } from '../http/upstream.ts'
import type { ConversionInput } from './conversion.ts'
import { buildGoogleRequest, type GoogleDestination } from './google-event.ts'
import { busy, notConfigured, record, transportRetry, unconfigured, type NotConfigured, type SendOutcome } from './outcome.ts'

export type GoogleSettings = GoogleDestination & {
  tokenUrl: string
  clientId: string
  clientSecret: string
  refreshToken: string
  /** 'https://datamanager.googleapis.com' */
  apiUrl: string
  timeoutMs?: number
  /** Every request is checked by Google and nothing is recorded (GOOGLE_DM_VALIDATE_ONLY). */
  validateOnly?: boolean
  home?: CountryCode
}

export type GoogleStatus =
  { kind: 'status'; requestStatus: string; destinations: unknown[] } | Exclude<SendOutcome, { kind: 'sent' | 'skipped' }>

export interface GoogleDataManager {
  send(input: ConversionInput): Promise<SendOutcome>
  /** `GET /v1/requestStatus:retrieve`: PROCESSING, SUCCESS, PARTIAL_SUCCESS or FAILURE of a sent request. */
  status(requestId: string): Promise<GoogleStatus>
}

/** A token is refreshed this long before Google says it expires, so none expires in flight. */
const EXPIRY_MARGIN_MS = 60_000
const DEFAULT_TIMEOUT_MS = 10_000

/** Settings absent: nothing is sent, and every answer names what to set. */
export function googleDataManager(
  settings: GoogleSettings | NotConfigured,
  fetch: Fetch,
  now: () => Date = () => new Date(),
): GoogleDataManager {
  if (notConfigured(settings)) {
    const outcome = unconfigured(settings)
    return { send: () => Promise.resolve(outcome), status: () => Promise.resolve(outcome) }
  }
  const config: GoogleSettings = settings
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS
  let cached: { token: string; expiresAt: number } | undefined

  async function accessToken(): Promise<{ token: string } | SendOutcome> {
    if (cached && cached.expiresAt > now().getTime()) return { token: cached.token }
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      refresh_token: config.refreshToken,
    })
    let answer: Answer
    try {
      const res = await fetch(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const text = await res.text()
      answer = { kind: 'answer', status: res.status, headers: res.headers, json: parseJson(text), text }
    } catch (error) {
      return { kind: 'retry', reason: `token: ${error instanceof Error ? error.message : String(error)}` }
    }
    const retry = busy(answer, now())
    if (retry) return retry
    const body = record(answer.json)
    if (answer.status !== 200 || typeof body.access_token !== 'string') {
      // invalid_grant (revoked or expired refresh token, an app left in testing), invalid_client.
      return { kind: 'config', reason: `token endpoint: HTTP ${answer.status} ${String(body.error ?? '')}`.trim() }
    }
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000
    cached = { token: body.access_token, expiresAt: now().getTime() + lifetimeMs - EXPIRY_MARGIN_MS }
    return { token: cached.token }
  }

  /** One call with a token; a 401 drops the cached token and tries once more with a fresh one. */
  async function authorised(call: (token: string) => ReturnType<typeof getJson>): Promise<Answer | SendOutcome> {
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken()
      if (!('token' in token)) return token
      const answer = await call(token.token)
      if (answer.kind !== 'answer') return transportRetry(answer)
      if (answer.status !== 401 || attempt > 0) return answer
      cached = undefined
    }
  }

  return {
    async send(input) {
      const built = await buildGoogleRequest(input, settings, { validateOnly: settings.validateOnly, home: settings.home })
      if (built.kind === 'skip') return { kind: 'skipped', reason: built.reason }
      const answer = await authorised((token) =>
        postJson(fetch, `${settings.apiUrl}/v1/events:ingest`, {
          headers: { authorization: `Bearer ${token}` },
          payload: built.event,
          timeoutMs,
          once: true,
        }),
      )
      if (answer.kind !== 'answer') return answer
      const failure = classify(answer, now())
      if (failure) return failure
      const requestId = record(answer.json).requestId
      return {
        kind: 'sent',
        requestId: typeof requestId === 'string' ? requestId : '',
        ...(settings.validateOnly && { validateOnly: true }),
      }
    },

    async status(requestId) {
      const url = `${settings.apiUrl}/v1/requestStatus:retrieve?requestId=${encodeURIComponent(requestId)}`
      const answer = await authorised((token) => getJson(fetch, url, { headers: { authorization: `Bearer ${token}` }, timeoutMs }))
      if (answer.kind !== 'answer') return answer as GoogleStatus
      const failure = classify(answer, now())
      if (failure) return failure.kind === 'skipped' ? { kind: 'config', reason: failure.detail ?? 'refused' } : failure
      const destinations = record(answer.json).requestStatusPerDestination
      const list = Array.isArray(destinations) ? destinations : []
      const statuses = list.map((entry) => String(record(entry).requestStatus ?? 'REQUEST_STATUS_UNKNOWN'))
      return { kind: 'status', requestStatus: statuses[0] ?? 'REQUEST_STATUS_UNKNOWN', destinations: list }
    },
  }
}

/** Google's error body: `{ error: { code, message, status, details: [{ reason }] } }`. */
function classify(answer: Answer, now: Date): Exclude<SendOutcome, { kind: 'sent' }> | undefined {
  if (answer.status >= 200 && answer.status < 300) return undefined
  const retry = busy(answer, now)
  if (retry) return retry
  const error = record(record(answer.json).error)
  const status = String(error.status ?? '')
  const message = String(error.message ?? answer.text.slice(0, 200))
  const reasons = (Array.isArray(error.details) ? error.details : []).map((detail) => String(record(detail).reason ?? ''))
  // An account, a conversion action or a permission that is wrong is ours to fix, not the event's.
  const ours = reasons.some((reason) => /ACCOUNT|DESTINATION|PERMISSION|TERMS/.test(reason))
  if (answer.status === 401 || answer.status === 403 || answer.status === 404 || ours) {
    return { kind: 'config', reason: `HTTP ${answer.status} ${status}: ${message}` }
  }
  return { kind: 'skipped', reason: 'platform-refused', detail: [status, ...reasons, message].filter(Boolean).join(': ') }
}
