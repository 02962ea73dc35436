import { emailChannel, webhookChannel, DEFAULT_RESEND_API_URL, type AlertChannel } from './channels.ts'
import { env, envInt } from '../runtime/env.ts'
import type { Fetch } from '../http/http.ts'

export const DEFAULT_ALERT_PENDING_MINUTES = 30

export type AlertConfig = {
  channels: AlertChannel[]
  /** An alert when the oldest pending lead is older than this. */
  pendingMinutes: number
  /** Send the digest even on a day with nothing to report. */
  digestAlways: boolean
  /** E-mail settings given only in part (the e-mail channel is then off). */
  incomplete: string[]
}

export function alertConfig(fetch: Fetch): AlertConfig {
  const channels: AlertChannel[] = []
  const webhook = env('ALERT_WEBHOOK_URL')
  if (webhook) channels.push(webhookChannel(webhook, fetch))

  const email = { RESEND_API_KEY: env('RESEND_API_KEY'), ALERT_EMAIL_TO: env('ALERT_EMAIL_TO'), ALERT_EMAIL_FROM: env('ALERT_EMAIL_FROM') }
  const missing = Object.entries(email)
    .filter(([, value]) => !value)
    .map(([name]) => name)
  if (missing.length === 0) {
    const to = email
      .ALERT_EMAIL_TO!.split(',')
      .map((address) => address.trim())
      .filter(Boolean)
    channels.push(
      emailChannel(
        { apiUrl: env('RESEND_API_URL') ?? DEFAULT_RESEND_API_URL, apiKey: email.RESEND_API_KEY!, from: email.ALERT_EMAIL_FROM!, to },
        fetch,
      ),
    )
  }
  return {
    channels,
    pendingMinutes: envInt('ALERT_PENDING_MINUTES', DEFAULT_ALERT_PENDING_MINUTES),
    digestAlways: env('ALERT_DIGEST_ALWAYS') === 'true',
    incomplete: missing.length < 3 ? missing : [],
  }
}
