import type { ClaimRef, Outbox, OutboxFailure, OutboxItem } from '../outbox/outbox.ts'
import type { Sql } from '../runtime/db.ts'
import { notify } from './enqueue.ts'
import type { NotificationRequest } from './notification.ts'

/** The outboxes whose failures tell a person through the notifications outbox (20261202020000_fail_with_notice.sql). */
export type NoticeTable = 'enterprise_registrations' | 'stripe_webhook_events' | 'lead_bookings' | 'board_decision_events'

/**
 * Fails a claimed item and queues the message about it in one transaction (public.fail_outbox_item):
 * the failure and its message exist together or not at all. False (nothing written, nothing queued)
 * when a newer claim owns the item.
 */
export async function failWithNotice(
  sql: Sql,
  table: NoticeTable,
  item: ClaimRef,
  failure: OutboxFailure,
  notice: NotificationRequest | undefined,
): Promise<boolean> {
  const [row] = await sql<{ applied: boolean }[]>`
    select public.fail_outbox_item(${table}, ${item.id}, ${item.claimToken}, ${failure.reason}, ${failure.detail},
      ${notice ? sql.json(notice as never) : null}) as applied`
  return row?.applied === true
}

/**
 * Writes a step's columns under the item's claim and queues its messages, in one transaction: the
 * record of what happened and the message about it commit together. False when a newer claim owns it.
 */
export function recordWithNotice(
  sql: Sql,
  table: NoticeTable,
  item: ClaimRef,
  columns: Record<string, unknown>,
  notices: readonly NotificationRequest[],
): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ applied: boolean }[]>`
      select public.outbox_record(${table}, ${item.id}, ${item.claimToken}, ${tx.json(columns as never)}) as applied`
    if (row?.applied !== true) return false
    for (const notice of notices) await notify(tx, notice)
    return true
  })
}

/** How a worker fails an item with its message: the outbox, whose `failed` queues the notice `about` the failure writes. */
export type FailsWithNotice = {
  failedWithNotice(item: ClaimRef, failure: OutboxFailure, notice: NotificationRequest | undefined): Promise<boolean>
}

/**
 * The outbox a worker settles a failure with (`settleFailure`): the same, but its last step, to
 * failed, queues the message `about(failure)` in the same transaction. Undefined: failed, no message.
 */
export function failingWithNotice<Item extends OutboxItem>(
  outbox: Outbox<Item> & FailsWithNotice,
  about: (failure: OutboxFailure) => NotificationRequest | undefined,
): Outbox<Item> {
  return { ...outbox, failed: (item, failure) => outbox.failedWithNotice(item, failure, about(failure)) }
}
