export declare const RESEND_KEY: string

export type SentEmail = {
  from: string
  to: string[]
  subject: string
  text: string
  html?: string
  reply_to?: string
  idempotencyKey?: string
}

export type ChannelFault = 'http-500' | 'rate-limited' | 'hang' | 'sent-hang' | 'sent-lost'
export type AlertChannel = 'webhook' | 'email'

/** A message taken and left unanswered ('hang': never; 'lost': the connection dropped). */
export type LostAnswer = {
  channel: AlertChannel
  how: 'hang' | 'lost'
  text?: string
  to?: string[]
  subject?: string
  idempotencyKey?: string
}

export interface FakeAlerts {
  webhookUrl: string
  resendUrl: string
  webhook: { text: string; unfurl_links?: boolean; unfurl_media?: boolean }[]
  emails: SentEmail[]
  failRandomly(pick: ((channel: AlertChannel) => ChannelFault | undefined) | null): void
  /** Takes `share` of the messages to `channels` (default both), sends them, then leaves them unanswered. */
  unanswered(options: { share: number; random?: () => number; channels?: AlertChannel[] } | null): void
  lostAnswers: LostAnswer[]
  breakChannel(channel: 'webhook' | 'email', down?: boolean): void
  slowWebhook(ms: number): void
  /** Resend takes `ms` before it sends and answers (0: at once). */
  slowEmail(ms: number): void
  clear(): void
  loseNextEmailAnswer(address: string): void
  emailRequests: { to: string[]; idempotencyKey?: string }[]
  close(): Promise<void>
}

export declare function startFakeAlerts(): Promise<FakeAlerts>
