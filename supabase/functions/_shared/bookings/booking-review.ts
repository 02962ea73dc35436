import { boardItemUrl } from '../alerts/links.ts'
import { pagingOf, type Paging } from '../alerts/paging.ts'
import { REVIEW_PREFIX } from '../board/needs-a-look.ts'
import { escapeHtml } from '../board/update-note.ts'
import type { BookingItem, BookingLead, BookingReview } from './booking-store.ts'

/**
 * Why a booking's own item waits in the board's 'Needs a look' group (issue 42 point 2): nothing
 * proves which lead it belongs to though one may match, or the lead it proved is flagged as spam.
 * Undefined for a proven booking of a genuine lead and for a walk-in that matches no lead.
 */
export type ReviewReason = { prefix: string; lines: string[] }

const spamWhy = (reason: string | null) => (reason ? ` (${reason})` : '')

/** A lead's item as a link we build (never from the attendee's text), or words saying where it is. */
function itemLink(lead: Pick<BookingLead, 'boardItemId' | 'status'>): string {
  const url = boardItemUrl(lead.boardItemId)
  if (url) return `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
  if (lead.boardItemId) return `board item ${escapeHtml(lead.boardItemId)}`
  return lead.status === 'spam' ? 'not on the board (flagged as spam)' : 'not on the board yet'
}

export function reviewReason(
  booking: Pick<BookingItem, 'leadId' | 'possibleLeadId'>,
  lead: BookingLead | undefined,
  review: BookingReview,
): ReviewReason | undefined {
  const flagged =
    review.flaggedSameEmail &&
    `A lead flagged as spam${spamWhy(review.flaggedSameEmail.spamReason)} has the same e-mail. This booking did not change it.`
  if (booking.leadId !== null) {
    if (lead?.status !== 'spam') return undefined
    return {
      prefix: REVIEW_PREFIX.spam,
      lines: [
        escapeHtml(
          `The lead this booking's link names was flagged as spam${spamWhy(lead.spamReason)}. A booking does not release it: if the person is genuine, release the lead.`,
        ),
      ],
    }
  }
  if (booking.possibleLeadId === null && !flagged) return undefined
  const possible = review.possible
  return {
    prefix: REVIEW_PREFIX.unproven,
    lines: [
      'Unproven booking: nothing proves which lead this is (the booking link carried no valid signature). Nothing was written to any lead.',
      ...(possible ? [`Possible match, for a person to judge: ${escapeHtml(possible.name || 'a lead')}, ${itemLink(possible)}`] : []),
      ...(flagged ? [escapeHtml(flagged)] : []),
    ],
  }
}

/** The booking's own item: 'Booking: <name>', with the review's reason first while it waits for a person. */
export const bookingItemName = (attendeeName: string, reason: ReviewReason | undefined) =>
  `${reason ? `${reason.prefix} — ` : ''}Booking: ${attendeeName || 'name erased'}`

/** The review's lines (HTML, every value escaped) above the event's own note, as the board shows them. */
export const reviewedNote = (note: string, reason: ReviewReason | undefined) =>
  reason ? `${reason.lines.map((line) => `<p><strong>${line}</strong></p>`).join('')}${note}` : note

/**
 * Whether a booking's message may reach sales on its own (pagingOf, the one decision): the calendar
 * signs its webhook, so a booking counts as verified; it is proven when its lead reference verified or
 * it claims no lead at all (a walk-in); spam when its lead or a lead with its e-mail is flagged.
 */
export function bookingPaging(
  booking: Pick<BookingItem, 'leadId' | 'possibleLeadId' | 'staffDecision'>,
  lead: BookingLead | undefined,
  review: BookingReview,
): Paging {
  return pagingOf({
    verified: true,
    spam: lead?.status === 'spam' || review.flaggedSameEmail !== undefined,
    held: false,
    proven: booking.leadId !== null || booking.possibleLeadId === null,
    staffDecision: booking.staffDecision,
  })
}
