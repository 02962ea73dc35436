import { emailChannel, webhookChannel, DEFAULT_RESEND_API_URL, type AlertChannel } from './channels.ts'
import { opsContext, type OpsContext } from './ops.ts'
import { env, envInt } from '../runtime/env.ts'
import type { Fetch } from '../http/http.ts'

export const DEFAULT_ALERT_PENDING_MINUTES = 30

export type AlertConfig = {
  /** Sales: new leads, deals, bookings, payments, the digest (ALERT_WEBHOOK_URL, ALERT_EMAIL_TO). */
  channels: AlertChannel[]
  /** Ops: failures, caps, health (OPS_WEBHOOK_URL, OPS_EMAIL_TO; each defaults to the sales one). */
  opsChannels: AlertChannel[]
  ops: OpsContext
  /** An alert when the oldest pending lead is older than this. */
  pendingMinutes: number
  /** Send the digest even on a day with nothing to report. */
  digestAlways: boolean
  /** A short message to sales for each new lead (NEW_LEAD_ALERTS=true). */
  newLeadAlerts: boolean
  /** E-mail settings given only in part (the e-mail channel is then off). */
  incomplete: string[]
}

const addresses = (list: string) =>
  list
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)

function channelsFor(webhook: string | undefined, to: string | undefined, fetch: Fetch): AlertChannel[] {
  const channels: AlertChannel[] = []
  if (webhook) channels.push(webhookChannel(webhook, fetch))
  const apiKey = env('RESEND_API_KEY')
  const from = env('ALERT_EMAIL_FROM')
  if (apiKey && from && to) {
    channels.push(emailChannel({ apiUrl: env('RESEND_API_URL') ?? DEFAULT_RESEND_API_URL, apiKey, from, to: addresses(to) }, fetch))
  }
  return channels
}

export function alertConfig(fetch: Fetch): AlertConfig {
  const email = { RESEND_API_KEY: env('RESEND_API_KEY'), ALERT_EMAIL_TO: env('ALERT_EMAIL_TO'), ALERT_EMAIL_FROM: env('ALERT_EMAIL_FROM') }
  const missing = Object.entries(email)
    .filter(([, value]) => !value)
    .map(([name]) => name)
  return {
    channels: channelsFor(env('ALERT_WEBHOOK_URL'), email.ALERT_EMAIL_TO, fetch),
    opsChannels: channelsFor(env('OPS_WEBHOOK_URL') ?? env('ALERT_WEBHOOK_URL'), env('OPS_EMAIL_TO') ?? email.ALERT_EMAIL_TO, fetch),
    ops: opsContext(),
    pendingMinutes: envInt('ALERT_PENDING_MINUTES', DEFAULT_ALERT_PENDING_MINUTES),
    digestAlways: env('ALERT_DIGEST_ALWAYS') === 'true',
    newLeadAlerts: env('NEW_LEAD_ALERTS') === 'true',
    incomplete: missing.length < 3 ? missing : [],
  }
}
