import type { AlertContent } from '../alerts/channels.ts'
import { strong, visitorText } from '../alerts/text.ts'
import { campaignRenderers } from './campaign-kinds.ts'
import { conversionsRenderers } from './conversions-kinds.ts'
import { dealRenderers } from './deal-kinds.ts'
import type { Renderers } from './notification.ts'
import { leadsRenderers } from './leads-kinds.ts'

/** 'channel-failing': queued by notification_failed() the first time in a day a channel gives up on a message. */
const channelFailing =
  (payload: Record<string, unknown>): AlertContent =>
  (format) => ({
    subject: `Alert channel failing: ${String(payload.channel)}`,
    text: [
      strong(`The ${String(payload.channel)} channel stopped delivering messages`, format),
      `A ${String(payload.kind)} message to ${String(payload.audience)} failed after ${String(payload.attempts)} tries: ${String(payload.reason)}.`,
      `Last error: ${visitorText(String(payload.detail), format, 300)}`,
      'Check the channel settings (docs/lead-alerts.md); the failed messages stay in the notifications table.',
    ].join('\n'),
  })

/** Every kind of message to staff and the one place that writes it. Producers add their kind here. */
export const renderers: Renderers = {
  'channel-failing': channelFailing,
  // Deals: new registration, paid, mismatch, money back, wrong Stripe mode, and the failure alerts of
  // registrations, payments, bookings and board decisions (deal-notices.ts queues them).
  ...dealRenderers,
  // The leads side: new lead, ops conditions, 'Needs a look' summary, digest (leads-kinds.ts).
  ...leadsRenderers,
  // Ad conversions: a platform's credentials or settings refused (conversion-worker.ts).
  ...conversionsRenderers,
  // The weekly report of which campaigns bring customers (weekly-campaigns.ts).
  ...campaignRenderers,
}
