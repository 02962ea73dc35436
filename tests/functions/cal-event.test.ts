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

  it("the attendee's words are escaped, and only a web address is a meeting link", () => {
    const booking = noteOf(
      body('BOOKING_CREATED', {
        metadata: { videoCallUrl: 'javascript:alert(1)' },
        location: 'https://meet.example/a"onmouseover="x',
        responses: { notes: { label: 'additional_notes', value: '<img src=x onerror=alert(1)>' } },
      }),
    )
    expect(booking.note).toContain('Notes: &lt;img src=x onerror=alert(1)&gt;')
    expect(booking.note).not.toContain('javascript:')
    expect(booking.note).toContain('href="https://meet.example/a%22onmouseover=%22x"')
    const inPerson = noteOf(body('BOOKING_CREATED', { metadata: {}, location: '1 Analytical St, London' }))
    expect(inPerson.note).not.toContain('Meeting link')
    expect(inPerson.attendeePhone).toBe('+61 412 345 678')
  })

  it('a booking without answers still reads, with no empty lines', () => {
    const bare = noteOf(body('BOOKING_CREATED', { responses: {}, metadata: {}, attendees: [{ email: 'ada@example.com', name: 'Ada' }] }))
    expect(paragraphs(bare.note)).toEqual(['Strategy call booked: Fri 27 Nov 2026, 9:00 am AEDT with Grace Hopper'])
    expect(bare.attendeePhone).toBe('')
  })
})
