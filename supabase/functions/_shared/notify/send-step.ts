import { ChannelError, type AlertChannel } from '../alerts/channels.ts'
import { hasAttemptsLeft, retryDelayMs, type BackoffPolicy } from '../outbox/backoff.ts'
import { keepClaim } from '../outbox/claim-lost.ts'
import type { Claimed } from '../outbox/outbox.ts'
import type { Audience, Notification, Renderers } from './notification.ts'
import type { NotificationStore } from './pg-notifications.ts'

export type SendDeps = {
  store: NotificationStore
  /** The channels configured for each audience (alerts/config.ts: `channels`, `opsChannels`). */
  channels: Readonly<Record<Audience, readonly AlertChannel[]>>
  renderers: Renderers
  backoff: BackoffPolicy
  now: () => Date
}

export type SendOutcome = { kind: 'sent' } | { kind: 'skipped' } | { kind: 'retry'; at: Date } | { kind: 'failed' }

/**
 * The one per-channel send step: renders the claimed row for its channel and sends it (under its
 * key on e-mail), then settles it under its claim. Throws `ClaimLost` when a newer claim owns it.
 */
export async function sendNotification(item: Claimed<Notification>, deps: SendDeps): Promise<SendOutcome> {
  const channel = deps.channels[item.audience]?.find((candidate) => candidate.name === item.channel)
  if (!channel) {
    keepClaim(await deps.store.skipped(item, `no ${item.channel} channel is configured for ${item.audience}`), item, 'skipped')
    return { kind: 'skipped' }
  }
  const render = deps.renderers[item.kind]
  if (!render) {
    keepClaim(await deps.store.failed(item, { reason: 'unknown-kind', detail: `no renderer for '${item.kind}'` }), item, 'failed')
    return { kind: 'failed' }
  }
  try {
    await channel.send({ ...render(item.payload)(channel.format), idempotencyKey: item.messageKey })
  } catch (error) {
    const maybeSent = error instanceof ChannelError && error.maybeSent
    const failure = { reason: maybeSent ? 'no-answer' : 'refused', detail: String(error instanceof Error ? error.message : error) }
    if (!hasAttemptsLeft(item.attempts, deps.backoff)) {
      keepClaim(await deps.store.failed(item, failure), item, 'failed')
      return { kind: 'failed' }
    }
    const at = new Date(deps.now().getTime() + retryDelayMs(item.attempts, undefined, deps.backoff))
    keepClaim(await deps.store.retryLater(item, { ...failure, maybeSent }, at), item, 'retry')
    return { kind: 'retry', at }
  }
  keepClaim(await deps.store.sent(item), item, 'sent')
  return { kind: 'sent' }
}
