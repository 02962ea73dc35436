/**
 * The board's 'Needs a look' group (issue 42): records a person decides on before anyone is paged.
 * Unverified and held registrations, unverified and spam-flagged leads and bookings whose lead is not
 * proven sit there, each with 'Unverified' (or what holds it) first in its name. A person sets the
 * status column to 'Release' or 'Not genuine'; the board's webhook records the choice and the outbox acts.
 */

/** MONDAY_REVIEW_GROUP_ID: the group's id on the board (column menu of the group, "Group ID"). */
export const DEFAULT_REVIEW_GROUP_ID = 'needs_a_look'
/** MONDAY_DECISION_COLUMN_ID: the status column a person sets. */
export const DEFAULT_DECISION_COLUMN_ID = 'decision'

/** The status column's labels, exactly as they read on the board. */
export const DECISION_LABELS = { release: 'Release', 'not-genuine': 'Not genuine' } as const

export type StaffDecision = keyof typeof DECISION_LABELS

/** The decision a status label stands for; undefined for any other label (a person cleared it, or another value). */
export function decisionOfLabel(label: string | null | undefined): StaffDecision | undefined {
  const wanted = label?.trim().toLowerCase()
  return (Object.keys(DECISION_LABELS) as StaffDecision[]).find((key) => DECISION_LABELS[key].toLowerCase() === wanted)
}

/** What a record's item name starts with while it waits in the group: the reason comes first. */
export const REVIEW_PREFIX = { unverified: 'Unverified', held: 'Held', spam: 'Spam?', unproven: 'Unproven booking' } as const
