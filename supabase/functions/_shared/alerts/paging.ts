import type { StaffDecision } from '../board/needs-a-look.ts'

/**
 * A record that could page sales: a lead, a registration or a booking, as the outbox holds it.
 * `verified`: its bot check passed. `spam`: the honeypot or another guard caught it. `held`: past a
 * daily cap. `proven`: a booking whose lead reference carried a valid signature (true for the rest).
 */
export type PagingSubject = {
  verified: boolean
  spam: boolean
  held: boolean
  proven: boolean
  staffDecision: StaffDecision | null
}

/**
 * 'page': sales is told of this record on its own, at once. 'summary': it waits in the board's
 * 'Needs a look' group and is counted in one summary (hourly at most, and in the digest). 'none': a
 * person said it is not genuine; nobody hears of it again.
 */
export type Paging = 'page' | 'summary' | 'none'

/** THE decision who may page sales (issue 42): every sender asks here, nowhere else. */
export function pagingOf(subject: PagingSubject): Paging {
  if (subject.staffDecision === 'not-genuine') return 'none'
  if (subject.staffDecision === 'release') return 'page'
  if (subject.spam || subject.held || !subject.verified || !subject.proven) return 'summary'
  return 'page'
}
