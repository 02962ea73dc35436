import type { AlertContent, ChannelName } from '../alerts/channels.ts'
import type { OutboxItem } from '../outbox/outbox.ts'

/** Who reads it: sales (ALERT_WEBHOOK_URL, ALERT_EMAIL_TO) or ops (OPS_*, each defaulting to the sales one). */
export type Audience = 'sales' | 'ops'

/** A message to queue: `key` names it once ('new-lead:<submission id>'); `payload` holds the facts its renderer needs. */
export type NotificationRequest = { kind: string; key: string; audience: Audience; payload: Record<string, unknown> }

/** One message on one channel, as the notifications outbox holds it (20261202000000_notifications.sql). */
export type Notification = OutboxItem & {
  kind: string
  messageKey: string
  audience: Audience
  channel: ChannelName
  payload: Record<string, unknown>
  /** Tries whose answer was lost: on chat, each may have shown the message once more. */
  unanswered: number
}

/** Writes a kind's message for a channel's format from the row's payload (JSON: dates arrive as strings). */
export type Renderer = (payload: Record<string, unknown>) => AlertContent

export type Renderers = Readonly<Record<string, Renderer>>
