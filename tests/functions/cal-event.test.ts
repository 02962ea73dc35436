import { describe, expect, it } from 'vitest'
import { parseBooking } from '../../supabase/functions/_shared/bookings/cal-event.ts'

// The calendar's webhook body in its documented shape (Cal.com docs, 'An example webhook payload'),
// with the answers and reasons it sends for a booking, a reschedule and a cancellation.
const body = (triggerEvent: string, payload: Record<string, unknown> = {}) => ({
  triggerEvent,
  createdAt: '2026-11-25T09:30:00.538Z',
  payload: {
    type: '30min',
    title: '30 min strategy call between Grace Hopper and Ada Lovelace',
    additionalNotes: '',
    startTime: '2026-11-26T22:00:00Z',
    endTime: '2026-11-26T22:30:00Z',
    organizer: { id: 5, name: 'Grace Hopper', email: 'grace@agency.test', timeZone: 'Australia/Sydney', language: { locale: 'en' } },
    responses: {
      name: { label: 'your_name', value: 'Ada Lovelace' },
      email: { label: 'email_address', value: 'ada@example.com' },
      attendeePhoneNumber: { label: 'phone_number', value: '+61 412 345 678' },
      notes: { label: 'additional_notes', value: 'Phone: 0412345678\nBusiness: 1 Analytical St' },
      rescheduleReason: { label: 'reschedule_reason' },
    },
    attendees: [{ email: 'ada@example.com', name: 'Ada Lovelace', timeZone: 'Australia/Perth', language: { locale: 'en' } }],
    location: 'integrations:daily',
    uid: 'bFJeNb2uX8ANpT3JL5EfXw',
    metadata: { videoCallUrl: 'https://app.cal.com/video/bFJeNb2uX8ANpT3JL5EfXw' },
    status: 'ACCEPTED',
    ...payload,
  },
})

const noteOf = (json: unknown) => {
  const parsed = parseBooking(json)
  if (parsed.kind !== 'booking') throw new Error(`not a booking: ${parsed.kind}`)
  return parsed.booking
}
const paragraphs = (note: string) =>
  note
    .split('</p>')
    .filter(Boolean)
    .map((part) => part.replace('<p>', ''))

describe("the calendar's booking events, as a salesperson reads them on the board", () => {
  it("a booking gives the agency's time, the lead's own time where it differs, the meeting link and the answers", () => {
    const booking = noteOf(body('BOOKING_CREATED'))
    expect(paragraphs(booking.note)).toEqual([
      'Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper',
      'Their time: Fri 27 Nov 2026, 6:00 am AWST (Australia/Perth)',
      'Meeting link: <a href="https://app.cal.com/video/bFJeNb2uX8ANpT3JL5EfXw">https://app.cal.com/video/bFJeNb2uX8ANpT3JL5EfXw</a>',
      'Phone: +61 412 345 678',
      'Notes: Phone: 0412345678\nBusiness: 1 Analytical St',
    ])
    expect(booking.attendeePhone).toBe('+61 412 345 678')
  })

  it('an attendee in the agency’s own time zone (or one that reads the same) gets no second time', () => {
    const attendees = [{ email: 'ada@example.com', name: 'Ada', timeZone: 'Australia/Melbourne' }]
    expect(noteOf(body('BOOKING_CREATED', { attendees })).note).not.toContain('Their time')
    const unknown = [{ email: 'ada@example.com', name: 'Ada', timeZone: 'Mars/Olympus_Mons' }]
    expect(noteOf(body('BOOKING_CREATED', { attendees: unknown })).note).not.toContain('Their time')
  })

  it('a reschedule gives its reason; a cancellation gives its reason', () => {
    const moved = noteOf(
      body('BOOKING_RESCHEDULED', {
        startTime: '2026-11-27T03:30:00Z',
        responses: { rescheduleReason: { label: 'reschedule_reason', value: 'A clash with a site visit' } },
      }),
    )
    expect(paragraphs(moved.note)).toContain('Reason for the move: A clash with a site visit')
    const cancelled = noteOf(body('BOOKING_CANCELLED', { cancellationReason: 'We went with someone local' }))
    expect(paragraphs(cancelled.note)[0]).toBe('Strategy call cancelled (was Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper)')
    expect(paragraphs(cancelled.note)).toContain('Cancellation reason: We went with someone local')
  })

  it('the meeting ending marks the call held', () => {
    expect(paragraphs(noteOf(body('MEETING_ENDED')).note)[0]).toBe('Strategy call held: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper')
  })

  it("the attendee's words are escaped, and only the organizer's video call on a conferencing host is a meeting link", () => {
    const booking = noteOf(
      body('BOOKING_CREATED', {
        metadata: { videoCallUrl: 'javascript:alert(1)' },
        location: 'https://meet.example/a"onmouseover="x',
        responses: { notes: { label: 'additional_notes', value: '<img src=x onerror=alert(1)>' } },
      }),
    )
    expect(booking.note).toContain('Notes: &lt;img src=x onerror=alert(1)&gt;')
    expect(booking.note).not.toContain('javascript:')
    // The attendee types `location`, and anyone can add `?metadata[videoCallUrl]=` to the booking link.
    expect(booking.note).not.toContain('Meeting link')
    const planted = noteOf(
      body('BOOKING_CREATED', { metadata: { videoCallUrl: 'https://evil.test/meet' }, location: 'https://evil.test/meet' }),
    )
    expect(planted.note).not.toContain('evil.test')
    const lookAlike = noteOf(body('BOOKING_CREATED', { metadata: { videoCallUrl: 'https://app.cal.com.evil.test/video/x' } }))
    expect(lookAlike.note).not.toContain('Meeting link')
    const app = noteOf(
      body('BOOKING_CREATED', { metadata: {}, videoCallData: { type: 'google_video', url: 'https://meet.google.com/abc-defg-hij' } }),
    )
    expect(app.note).toContain('Meeting link: <a href="https://meet.google.com/abc-defg-hij">')
    const inPerson = noteOf(body('BOOKING_CREATED', { metadata: {}, location: '1 Analytical St, London' }))
    expect(inPerson.note).not.toContain('Meeting link')
    expect(inPerson.attendeePhone).toBe('+61 412 345 678')
  })

  it('the link carries the lead reference and its signature unchecked; another spelling of the key is not read', () => {
    const ref = '3f1c2b9e-7a4d-4e8b-9c1a-2d3e4f5a6b7c'
    expect(noteOf(body('BOOKING_CREATED', { metadata: { submissionId: ref, submissionSig: 'sig' } }))).toMatchObject({
      claimedRef: ref,
      claimedSig: 'sig',
    })
    expect(noteOf(body('BOOKING_CREATED', { metadata: { submissionId: 'not-a-uuid' } }))).toMatchObject({
      claimedRef: null,
      claimedSig: null,
    })
  })

  it('a booking without answers still reads, with no empty lines', () => {
    const bare = noteOf(body('BOOKING_CREATED', { responses: {}, metadata: {}, attendees: [{ email: 'ada@example.com', name: 'Ada' }] }))
    expect(paragraphs(bare.note)).toEqual(['Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper'])
    expect(bare.attendeePhone).toBe('')
  })
})
