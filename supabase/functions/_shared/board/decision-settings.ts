import { DEFAULT_BOARD_GROUP_ID, DEFAULT_ENTERPRISE_GROUP_ID } from './client.ts'
import type { SubjectKind } from './decision-store.ts'
import { DEFAULT_REVIEW_GROUP_ID } from './needs-a-look.ts'

/** Where a decided item is: 'Needs a look' (MONDAY_REVIEW_GROUP_ID), and the group each kind of record normally sits in. */
export type DecisionGroups = { reviewGroupId: string; normalGroups: Record<SubjectKind, string> }

export function decisionGroups(read: (name: string) => string | undefined): DecisionGroups {
  const leads = read('MONDAY_GROUP_ID') ?? DEFAULT_BOARD_GROUP_ID
  return {
    reviewGroupId: read('MONDAY_REVIEW_GROUP_ID') ?? DEFAULT_REVIEW_GROUP_ID,
    normalGroups: { lead: leads, booking: leads, registration: read('MONDAY_ENTERPRISE_GROUP_ID') ?? DEFAULT_ENTERPRISE_GROUP_ID },
  }
}
