import type { ChannelName } from '../alerts/channels.ts'
import type { Sql } from '../runtime/db.ts'
import type { ClaimRef, Claimed, OutboxFailure } from '../outbox/outbox.ts'
import type { Audience, Notification } from './notification.ts'

type Row = {
  id: string | number
  kind: string
  message_key: string
  audience: Audience
  channel: ChannelName
  payload: Record<string, unknown>
  attempts: number
  unanswered: number
  claimed_until: Date | null
  claim_token: string | null
  last_error: string | null
  failure_reason: string | null
  created_at: Date
}

const toNotification = (row: Row): Notification => ({
  id: String(row.id),
  kind: row.kind,
  messageKey: row.message_key,
  audience: row.audience,
  channel: row.channel,
  payload: row.payload,
  attempts: row.attempts,
  unanswered: row.unanswered,
  claimedUntil: row.claimed_until,
  claimToken: row.claim_token,
  lastError: row.last_error,
  failureReason: row.failure_reason,
  createdAt: row.created_at,
})

/** A retry's failure: `maybeSent` when no answer came, so the channel may have shown it. */
export type NotificationFailure = OutboxFailure & { maybeSent: boolean }

export interface NotificationStore {
  claimNext(leaseMs: number): Promise<Claimed<Notification> | undefined>
  sent(item: ClaimRef): Promise<boolean>
  skipped(item: ClaimRef, why: string): Promise<boolean>
  retryLater(item: ClaimRef, failure: NotificationFailure, at: Date, options?: { countAttempt: boolean }): Promise<boolean>
  failed(item: ClaimRef, failure: OutboxFailure): Promise<boolean>
}

const applied = (rows: { applied: boolean }[]) => rows[0]?.applied === true

/** Every transition is one of the SQL functions of 20261202000000_notifications.sql. */
export function pgNotifications(sql: Sql): NotificationStore {
  return {
    async claimNext(leaseMs) {
      const [row] = await sql<Row[]>`select * from public.notification_claim_next(${Math.round(leaseMs)})`
      return row ? (toNotification(row) as Claimed<Notification>) : undefined
    },
    async sent(item) {
      return applied(await sql`select public.notification_sent(${item.id}, ${item.claimToken}) as applied`)
    },
    async skipped(item, why) {
      return applied(await sql`select public.notification_skipped(${item.id}, ${item.claimToken}, ${why}) as applied`)
    },
    async retryLater(item, failure, at, { countAttempt } = { countAttempt: true }) {
      return applied(
        await sql`select public.notification_retry(${item.id}, ${item.claimToken}, ${at}, ${failure.reason}, ${failure.detail},
          ${failure.maybeSent}, ${countAttempt}) as applied`,
      )
    },
    async failed(item, failure) {
      return applied(
        await sql`select public.notification_failed(${item.id}, ${item.claimToken}, ${failure.reason}, ${failure.detail}) as applied`,
      )
    },
  }
}
