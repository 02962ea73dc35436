import type { TextFormat } from './text.ts'
import type { Fetch } from '../http/http.ts'
import { excerpt, postJson } from '../http/upstream.ts'

export type ChannelName = 'webhook' | 'email'
/** `idempotencyKey`: the e-mail channel sends one message per key (Resend keeps keys 24 h); the webhook has none. */
export type AlertMessage = { subject: string; text: string; idempotencyKey?: string }

/** A message written for each channel's format, so visitor text is made safe for where it goes. */
export type AlertContent = (format: TextFormat) => AlertMessage

/**
 * Thrown when a channel did not confirm a message. `maybeSent`: no answer came (a timeout, a dropped
 * connection), so the channel may have taken it; an HTTP answer that refused it did not.
 */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly maybeSent: boolean,
  ) {
    super(message)
  }
}

/** `send` throws (a ChannelError) when the message was not confirmed; the caller logs it and tries again next run. */
export type AlertChannel = { name: ChannelName; format: TextFormat; send(message: AlertMessage): Promise<void> }

export const ALERTS_OFF = 'alerts are off: set ALERT_WEBHOOK_URL, or RESEND_API_KEY with ALERT_EMAIL_TO and ALERT_EMAIL_FROM'
export const DEFAULT_RESEND_API_URL = 'https://api.resend.com'
const CHANNEL_TIMEOUT_MS = 5_000

type Sent = (answer: { status: number; json: unknown }) => boolean

async function post(
  fetch: Fetch,
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  secrets: string[],
  sent?: Sent,
): Promise<void> {
  const answer = await postJson(fetch, url, { headers, payload, timeoutMs: CHANNEL_TIMEOUT_MS })
  // Deno names the URL in a network error, and a webhook URL is itself a secret.
  const hide = (text: string) => secrets.reduce((out, secret) => out.split(secret).join('<hidden>'), text)
  if (answer.kind !== 'answer') throw new ChannelError(hide(`${answer.kind}: ${answer.message}`), true)
  if (sent?.(answer)) return
  if (answer.status < 200 || answer.status > 299)
    throw new ChannelError(hide(`HTTP ${answer.status} ${excerpt(answer.text)}`.trim()), false)
}

/**
 * Resend's 409 `invalid_idempotent_request`: the key was already used with another payload, so the
 * e-mail for it went out (an alert's figures changed between tries). `concurrent_idempotent_requests` is retried.
 */
const keyAlreadySent: Sent = ({ status, json }) =>
  status === 409 && (json as { name?: unknown } | null)?.name === 'invalid_idempotent_request'

/**
 * A Slack-compatible incoming webhook (Slack, Google Chat, Teams workflows): JSON `{ text }`, with
 * link and media previews off, so no URL in an alert is fetched or shown as a card.
 */
export function webhookChannel(url: string, fetch: Fetch): AlertChannel {
  return {
    name: 'webhook',
    format: 'slack',
    send: ({ text }) => post(fetch, url, {}, { text, unfurl_links: false, unfurl_media: false }, [url]),
  }
}

/** Resend's HTTP API (`POST /emails`); the text goes as plain text, never HTML. */
export function emailChannel(config: { apiUrl: string; apiKey: string; from: string; to: string[] }, fetch: Fetch): AlertChannel {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/emails`
  return {
    name: 'email',
    format: 'plain',
    send: ({ subject, text, idempotencyKey }) =>
      post(
        fetch,
        url,
        { authorization: `Bearer ${config.apiKey}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        { from: config.from, to: config.to, subject, text },
        [config.apiKey],
        idempotencyKey ? keyAlreadySent : undefined,
      ),
  }
}
