import type { CountryCode } from 'libphonenumber-js/min'
import type { Fetch } from '../http/http.ts'
import { postJson, type Answer } from '../http/upstream.ts'
import type { ConversionInput } from './conversion.ts'
import { buildMetaEvent } from './meta-event.ts'
import { busy, notConfigured, record, transportRetry, unconfigured, type NotConfigured, type SendOutcome } from './outcome.ts'

export type MetaSettings = {
  /** 'https://graph.facebook.com' */
  apiUrl: string
  /** 'v23.0' */
  apiVersion: string
  pixelId: string
  /** The Conversions API access token made in Events Manager for this pixel. */
  accessToken: string
  /** Only while trying the setup: events then show in Test Events and are not used for ads. */
  testEventCode?: string
  timeoutMs?: number
  home?: CountryCode
}

export interface MetaConversions {
  send(input: ConversionInput): Promise<SendOutcome>
}

const DEFAULT_TIMEOUT_MS = 10_000
/** Graph API error codes that are the token's or the app's, never the event's. */
const CONFIG_CODES = new Set([10, 102, 190])
/** Throttling (4, 17, 32, 613, 80004) and Meta's own transient faults (1, 2). */
const RETRY_CODES = new Set([1, 2, 4, 17, 32, 613, 80004])

/** Settings absent: nothing is sent, and the answer says so. */
export function metaConversions(settings: MetaSettings | NotConfigured, fetch: Fetch, now: () => Date = () => new Date()): MetaConversions {
  if (notConfigured(settings)) return { send: () => Promise.resolve(unconfigured(settings)) }
  const url = `${settings.apiUrl}/${settings.apiVersion}/${encodeURIComponent(settings.pixelId)}/events`
  return {
    async send(input) {
      const built = await buildMetaEvent(input, now(), { home: settings.home })
      if (built.kind === 'skip') return { kind: 'skipped', reason: built.reason }
      // The token travels in the body, not the URL, so no log of URLs holds it.
      const payload = {
        data: [built.event],
        ...(settings.testEventCode && { test_event_code: settings.testEventCode }),
        access_token: settings.accessToken,
      }
      const answer = await postJson(fetch, url, { headers: {}, payload, timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS, once: true })
      if (answer.kind !== 'answer') return transportRetry(answer)
      return classify(answer, now())
    },
  }
}

/** Meta's error body: `{ error: { message, type, code, error_subcode, is_transient, error_user_title, error_user_msg, fbtrace_id } }`. */
function classify(answer: Answer, now: Date): SendOutcome {
  const body = record(answer.json)
  if (answer.status === 200 && typeof body.events_received === 'number') {
    return { kind: 'sent', requestId: String(body.fbtrace_id ?? '') }
  }
  const retry = busy(answer, now)
  if (retry) return retry
  const error = record(body.error)
  const code = Number(error.code)
  const subcode = Number(error.error_subcode)
  const words = [error.error_user_title, error.error_user_msg ?? error.message].filter(Boolean).map(String).join(': ')
  const detail = `code ${code}${Number.isFinite(subcode) ? `/${subcode}` : ''}: ${words || answer.text.slice(0, 200)}`
  if (RETRY_CODES.has(code) || error.is_transient === true) return { kind: 'retry', reason: detail }
  // 100/33: no such pixel, or the token cannot reach it.
  const config =
    answer.status === 401 ||
    answer.status === 403 ||
    CONFIG_CODES.has(code) ||
    (code >= 200 && code < 300) ||
    (code === 100 && subcode === 33)
  if (config) return { kind: 'config', reason: detail }
  return { kind: 'skipped', reason: 'platform-refused', detail }
}
