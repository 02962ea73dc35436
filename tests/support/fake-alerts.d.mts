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

export type ChannelFault = 'http-500' | 'rate-limited' | 'hang' | 'sent-hang'

export interface FakeAlerts {
  webhookUrl: string
  resendUrl: string
  webhook: { text: string; unfurl_links?: boolean; unfurl_media?: boolean }[]
  emails: SentEmail[]
  failRandomly(pick: ((channel: 'webhook' | 'email') => ChannelFault | undefined) | null): void
  breakChannel(channel: 'webhook' | 'email', down?: boolean): void
  slowWebhook(ms: number): void
  clear(): void
  loseNextEmailAnswer(address: string): void
  emailRequests: { to: string[]; idempotencyKey?: string }[]
  close(): Promise<void>
}

export declare function startFakeAlerts(): Promise<FakeAlerts>
