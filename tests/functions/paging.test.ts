import { describe, expect, it } from 'vitest'
import { pagingOf, type Paging, type PagingSubject } from '../../supabase/functions/_shared/alerts/paging.ts'
import { leadPagingSubject, registrationPagingSubject } from '../../supabase/functions/_shared/alerts/paging-subjects.ts'
import { placementOf } from '../../supabase/functions/_shared/board/review-placement.ts'

// THE decision who may page sales (issue 42): every sender (the new-lead message, the enterprise sales
// alert, the registration's failure alert) and the board placement ask pagingOf. The function tests
// (unverified-leads, unverified-registrations) show the senders honour it end to end.
const subject = (change: Partial<PagingSubject> = {}): PagingSubject => ({
  verified: true,
  spam: false,
  held: false,
  proven: true,
  staffDecision: null,
  ...change,
})

const cases: [string, Partial<PagingSubject>, Paging][] = [
  ['verified, not spam, not held, proven', {}, 'page'],
  ['unverified', { verified: false }, 'summary'],
  ['spam', { spam: true }, 'summary'],
  ['held past a daily cap', { held: true }, 'summary'],
  ['an unproven booking', { proven: false }, 'summary'],
  ['unverified and spam', { verified: false, spam: true }, 'summary'],
  ['unverified and held', { verified: false, held: true }, 'summary'],
  ['released: unverified', { verified: false, staffDecision: 'release' }, 'page'],
  ['released: spam', { spam: true, staffDecision: 'release' }, 'page'],
  ['released: held', { held: true, staffDecision: 'release' }, 'page'],
  ['released: unproven', { proven: false, staffDecision: 'release' }, 'page'],
  ['released: everything against it', { verified: false, spam: true, held: true, proven: false, staffDecision: 'release' }, 'page'],
  ['not genuine: verified', { staffDecision: 'not-genuine' }, 'none'],
  ['not genuine: unverified', { verified: false, staffDecision: 'not-genuine' }, 'none'],
  ['not genuine: spam', { spam: true, staffDecision: 'not-genuine' }, 'none'],
  ['not genuine: held', { held: true, staffDecision: 'not-genuine' }, 'none'],
  ['not genuine: unproven', { proven: false, staffDecision: 'not-genuine' }, 'none'],
]

describe('pagingOf', () => {
  it.each(cases)('%s', (_name, change, expected) => {
    expect(pagingOf(subject(change))).toBe(expected)
  })
})

describe('the records as pagingOf reads them', () => {
  it.each([
    [{ verified: true, spam: false }, 'page'],
    [{ verified: null, spam: false }, 'page'],
    [{ verified: false, spam: false }, 'summary'],
    [{ verified: true, spam: true }, 'summary'],
    [{ verified: false, spam: false, staffDecision: 'release' as const }, 'page'],
    [{ verified: true, spam: false, staffDecision: 'not-genuine' as const }, 'none'],
  ])('a lead %o: %s (a bot check that was off fails nothing)', (lead, expected) => {
    expect(pagingOf(leadPagingSubject(lead))).toBe(expected)
  })

  it.each([
    [{ verified: true, overDailyCap: false, staffDecision: null }, 'page'],
    [{ verified: false, overDailyCap: false, staffDecision: null }, 'summary'],
    [{ verified: true, overDailyCap: true, staffDecision: null }, 'summary'],
    [{ verified: true, overDailyCap: true, staffDecision: 'release' as const }, 'page'],
    [{ verified: false, overDailyCap: false, staffDecision: 'not-genuine' as const }, 'none'],
  ])('a registration %o: %s', (registration, expected) => {
    expect(pagingOf(registrationPagingSubject(registration))).toBe(expected)
  })
})

describe('placementOf', () => {
  const groups = { groupId: 'topics', reviewGroupId: 'needs_a_look' }
  it.each([
    [{}, 'topics', 'Lead: Ada'],
    [{ verified: false }, 'needs_a_look', 'Unverified – Lead: Ada'],
    [{ spam: true }, 'needs_a_look', 'Spam? – Lead: Ada'],
    [{ verified: false, spam: true }, 'needs_a_look', 'Unverified, Spam? – Lead: Ada'],
    [{ verified: false, held: true }, 'needs_a_look', 'Unverified, Held – Lead: Ada'],
    [{ held: true }, 'needs_a_look', 'Held – Lead: Ada'],
    [{ verified: false, staffDecision: 'release' as const }, 'topics', 'Lead: Ada'],
    [{ verified: false, staffDecision: 'not-genuine' as const }, 'needs_a_look', 'Unverified – Lead: Ada'],
  ])('%o goes to %s as %s', (change, groupId, itemName) => {
    expect(placementOf(subject(change), 'Lead: Ada', groups)).toMatchObject({ groupId, itemName })
  })
})
