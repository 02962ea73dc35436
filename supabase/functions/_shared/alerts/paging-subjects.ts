import type { StaffDecision } from '../board/needs-a-look.ts'
import type { PagingSubject } from './paging.ts'

/**
 * A lead as `pagingOf` reads it. `verified` null: the bot check was off (or the lead is older than
 * it), so nothing says it failed. `spam`: flagged when it came in (status 'spam', or a spam reason
 * kept after a release).
 */
export function leadPagingSubject(lead: {
  verified?: boolean | null
  spam?: boolean
  staffDecision?: StaffDecision | null
}): PagingSubject {
  return {
    verified: lead.verified !== false,
    spam: lead.spam ?? false,
    held: false,
    proven: true,
    staffDecision: lead.staffDecision ?? null,
  }
}

/** A registration as `pagingOf` reads it: held when it came in past a daily cap (`over_daily_cap`). */
export function registrationPagingSubject(registration: {
  verified: boolean
  overDailyCap: boolean
  staffDecision?: StaffDecision | null
}): PagingSubject {
  return {
    verified: registration.verified,
    spam: false,
    held: registration.overDailyCap,
    proven: true,
    staffDecision: registration.staffDecision ?? null,
  }
}
