import type { SubjectKind } from './decision-store.ts'
import { boardSettings } from './settings.ts'
import { workerNames, workerSettings, type WorkerSettings } from '../outbox/worker-settings.ts'

/** Where a decided item is: 'Needs a look' (MONDAY_REVIEW_GROUP_ID), and the group each kind of record normally sits in. */
export type DecisionGroups = { reviewGroupId: string; normalGroups: Record<SubjectKind, string> }

export function decisionGroups(read: (name: string) => string | undefined): DecisionGroups {
  const { groupId: leads, reviewGroupId, enterpriseGroupId } = boardSettings(read)
  return { reviewGroupId, normalGroups: { lead: leads, booking: leads, registration: enterpriseGroupId } }
}

/**
 * The board decisions' worker (`webhook-events`): DECISIONS_LEASE_MS (60 s: a few board calls, each
 * within its timeout), DECISIONS_BACKOFF_BASE_MS (30 s) doubling to DECISIONS_BACKOFF_MAX_MS (1 h),
 * DECISIONS_MAX_ATTEMPTS (10). It read the bookings' names before; it reads none of them now.
 */
export function decisionsWorker(read: (name: string) => string | undefined): WorkerSettings {
  return workerSettings(read, { names: workerNames('DECISIONS'), leaseMs: 60_000 })
}
