import type { LeadRow, LeadStore } from '../../supabase/functions/_shared/delivery/lead-store.ts'
import type { ClaimRef, Claimed } from '../../supabase/functions/_shared/outbox/outbox.ts'

type Stored = LeadRow & { nextAttemptAt: Date; spamReason?: string }

/**
 * The outbox's rules (unique submission id, claims with a lease and a token, only a pending row
 * under the caller's claim moves, and settling ends the claim) in
 * memory, for handler tests that need no database. `down = true` makes every call fail.
 */
export function memoryLeadStore(now: () => Date) {
  const rows = new Map<string, Stored>()
  let nextId = 1
  const state = { down: false }
  const guard = () => {
    if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432')
  }
  const copy = (row: Stored | undefined): LeadRow | undefined => row && { ...row }
  const due = (row: Stored) =>
    row.status === 'pending' && row.nextAttemptAt <= now() && (row.claimedUntil === null || row.claimedUntil < now())
  const claimRow = (row: Stored, leaseMs: number) => {
    row.attempts++
    row.claimedUntil = new Date(now().getTime() + leaseMs)
    row.claimToken = crypto.randomUUID()
    return copy(row) as Claimed<LeadRow>
  }
  const underClaim = ({ id, claimToken }: ClaimRef) =>
    [...rows.values()].find((row) => row.id === id && row.claimToken === claimToken && row.status === 'pending')
  const settled = { claimedUntil: null, claimToken: null }

  const store: LeadStore = {
    async find(submissionId) {
      guard()
      return copy(rows.get(submissionId))
    },
    async record({ submission, status, spamReason, verification }) {
      guard()
      const known = rows.get(submission.submissionId)
      if (known) return { ...known }
      const row: Stored = {
        id: String(nextId++),
        submission,
        status,
        spamReason,
        verification: verification ?? null,
        claimToken: null,
        attempts: 0,
        claimedUntil: null,
        boardItemId: null,
        lastError: null,
        failureReason: null,
        createdAt: now(),
        nextAttemptAt: now(),
      }
      rows.set(submission.submissionId, row)
      return { ...row }
    },
    async claim(submissionId, leaseMs) {
      guard()
      const row = rows.get(submissionId)
      return row && due(row) ? claimRow(row, leaseMs) : undefined
    },
    async claimNext(leaseMs) {
      guard()
      const row = [...rows.values()].filter(due).sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime())[0]
      return row && claimRow(row, leaseMs)
    },
    async recordItem(item, boardItemId) {
      guard()
      const row = underClaim(item)
      if (row) row.boardItemId = boardItemId
      return row !== undefined
    },
    async delivered(item, boardItemId) {
      guard()
      const row = underClaim(item)
      if (row) Object.assign(row, { status: 'delivered', boardItemId, lastError: null, failureReason: null, ...settled })
      return row !== undefined
    },
    async retryLater(item, { reason, detail }, at, { countAttempt } = { countAttempt: true }) {
      guard()
      const row = underClaim(item)
      if (row)
        Object.assign(row, {
          nextAttemptAt: at,
          lastError: detail,
          failureReason: reason,
          attempts: row.attempts - (countAttempt ? 0 : 1),
          ...settled,
        })
      return row !== undefined
    },
    async failed(item, { reason, detail }) {
      guard()
      const row = underClaim(item)
      if (row) Object.assign(row, { status: 'failed', lastError: detail, failureReason: reason, ...settled })
      return row !== undefined
    },
  }
  return Object.assign(store, { rows, state })
}
