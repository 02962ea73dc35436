import type { LeadSubmission } from '../../../../src/schemas/lead.ts'
import type { ClaimRef, Outbox, OutboxItem } from '../outbox/outbox.ts'
import type { NoteVerification } from '../board/update-note.ts'
import type { StaffDecision } from '../board/needs-a-look.ts'
import { leadPagingSubject } from '../alerts/paging-subjects.ts'

export type LeadStatus = 'pending' | 'delivered' | 'failed' | 'spam'

/** What sales is told about a lead's bot check (docs/turnstile.md): null when the check was off. */
export type LeadVerification = NoteVerification

export type LeadRow = OutboxItem & {
  submission: LeadSubmission
  status: LeadStatus
  boardItemId: string | null
  /** Absent on rows from before the check. */
  verification?: LeadVerification
  /** Why it was flagged as spam when it came in (kept after a release). */
  spamReason?: string | null
  /** What a person decided on the board ('Needs a look'), if anything. */
  staffDecision?: StaffDecision | null
}

/** The lead as `pagingOf` reads it (`_shared/alerts/paging.ts`). */
export const pagingSubjectOf = (row: LeadRow) =>
  leadPagingSubject({
    verified: row.verification === undefined || row.verification === null ? null : row.verification.verified,
    spam: row.status === 'spam' || Boolean(row.spamReason),
    staffDecision: row.staffDecision,
  })

export type NewLead = { submission: LeadSubmission; status: 'pending' | 'spam'; spamReason?: string; verification?: LeadVerification }

/**
 * The leads outbox (the generic outbox keyed by submission id): `claim*` records an attempt before
 * the board is called; only the board calls' outcomes move the row on (`recordItem`, then `delivered`,
 * or `retryLater`, `failed`), and only a pending row under the caller's claim moves (each answers whether it did).
 */
export interface LeadStore extends Outbox<LeadRow> {
  find(submissionId: string): Promise<LeadRow | undefined>
  /** Inserts the lead unless its submission id is known; returns the stored row either way. */
  record(lead: NewLead): Promise<LeadRow>
  /** The lead's item is on the board (made or found): recorded under the claim, the lead still pending. */
  recordItem(item: ClaimRef, boardItemId: string): Promise<boolean>
  /** Its note is made too (`noteId`; none for a released spam lead, whose placement made it): delivered. */
  delivered(item: ClaimRef, boardItemId: string, noteId?: string): Promise<boolean>
}
