import { boardItemUrl } from '../alerts/links.ts'
import { escapeHtml } from './update-note.ts'

/** What a 'Release' on a booking's own item came to (read after record_staff_decision wrote it). */
export type BookingRelease = {
  /** The release linked the booking to its possible lead (lead_id set by it, once). */
  linked: boolean
  /** The lead it is (or may be) tied to, if any. */
  lead: { name: string; status: string; boardItemId: string | null } | undefined
}

function leadLink(lead: NonNullable<BookingRelease['lead']>): string {
  const url = boardItemUrl(lead.boardItemId)
  const name = escapeHtml(lead.name || 'the lead')
  if (url) return `${name}, <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
  return lead.boardItemId ? `${name}, board item ${escapeHtml(lead.boardItemId)}` : `${name} (not on the board yet)`
}

/**
 * The one note on a released booking's own item, which stays as the record of what happened: where
 * the booking went, or why it went nowhere. `by` and `at` are already escaped.
 */
export function bookingReleaseNote(release: BookingRelease, by: string, at: string): string {
  const head = `<p><strong>Released</strong>: marked ${by} on ${at}.</p>`
  if (release.linked && release.lead) {
    return (
      head +
      `<p>Released to the lead ${leadLink(release.lead)}: this booking's call and notes now go on that lead's item, ` +
      'and its later changes (reschedule, cancellation) follow that lead.</p>'
    )
  }
  if (release.lead?.status === 'spam') {
    return (
      head +
      '<p>Its lead is flagged as spam, so nothing was attached to it: a booking does not release a lead. ' +
      'If the person is genuine, release the lead on its own item.</p>'
    )
  }
  return head + '<p>There is no lead to attach this booking to: nothing else was done.</p>'
}
