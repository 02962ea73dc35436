import { pagingOf, type Paging, type PagingSubject } from '../alerts/paging.ts'
import { REVIEW_PREFIX } from './needs-a-look.ts'

/** Where a record's board item goes: its own group and name, or the 'Needs a look' group with the reason first. */
export type Placement = { groupId: string; itemName: string; paging: Paging }

export type PlacementGroups = { groupId: string; reviewGroupId: string }

/**
 * What holds a record back, in the order its item name says it: 'Unverified' always first (issue 42:
 * every message that names an unverified record says so first), then spam, then held.
 */
export function reviewReasons(subject: PagingSubject): string[] {
  return [
    ...(subject.verified ? [] : [REVIEW_PREFIX.unverified]),
    ...(subject.spam ? [REVIEW_PREFIX.spam] : []),
    ...(subject.held ? [REVIEW_PREFIX.held] : []),
    ...(subject.proven ? [] : [REVIEW_PREFIX.unproven]),
  ]
}

/**
 * A record that pages ('page') goes to its own group under its own name; one that waits for a person
 * ('summary') or that a person found not genuine ('none') to 'Needs a look', its reasons first:
 * 'Unverified – Lead: Ada Lovelace', 'Unverified, Held – Enterprise: Acme'.
 */
export function placementOf(subject: PagingSubject, name: string, groups: PlacementGroups): Placement {
  const paging = pagingOf(subject)
  const reasons = reviewReasons(subject)
  if (paging === 'page' || reasons.length === 0) return { groupId: groups.groupId, itemName: name, paging }
  return { groupId: groups.reviewGroupId, itemName: `${reasons.join(', ')} – ${name}`, paging }
}
