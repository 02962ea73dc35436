import type { LeadSubmission } from '../../../../src/schemas/lead.ts'

export type LeadStatus = 'pending' | 'delivered' | 'failed' | 'spam'

export type LeadRow = {
  id: string
  submission: LeadSubmission
  status: LeadStatus
  /** Board calls started for this lead, counting the one the current claim is for. */
  attempts: number
  claimedUntil: Date | null
  boardItemId: string | null
  lastError: string | null
  createdAt: Date
}

export type NewLead = { submission: LeadSubmission; status: 'pending' | 'spam'; spamReason?: string }

/**
 * The outbox. `claim*` records an attempt (attempts + 1, a lease) before the board is called;
 * only the board call's outcome moves the row on (`delivered`, `retryLater`, `failed`), and only
 * a pending row moves.
 */
export interface LeadStore {
  find(submissionId: string): Promise<LeadRow | undefined>
  /** Inserts the lead unless its submission id is known; returns the stored row either way. */
  record(lead: NewLead): Promise<LeadRow>
  /** Claims this pending lead if it is due and nobody else holds it. */
  claim(submissionId: string, leaseMs: number): Promise<LeadRow | undefined>
  /** Claims the next due pending lead (skipping locked and claimed ones). */
  claimNext(leaseMs: number): Promise<LeadRow | undefined>
  delivered(id: string, boardItemId: string): Promise<void>
  /** `countAttempt: false` when the board refused before doing anything (rate limits). */
  retryLater(id: string, error: string, at: Date, options?: { countAttempt: boolean }): Promise<void>
  failed(id: string, error: string): Promise<void>
}
