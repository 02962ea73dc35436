import { useEffect, useRef } from 'react'

export type BookingStatusProps = {
  /** The booked call's start as the visitor reads it, in their own time zone, once booked. */
  bookedTime: string | null
  /** Where the calendar sent the details, when the page knows it. */
  email: string | null
}

/**
 * Always in the page, so screen readers announce the booking politely when it arrives. The
 * calendar the visitor was using goes with the booking: focus lands on this confirmation instead,
 * scrolled clear of the sticky header (the scroll margin every [tabindex] carries).
 */
export function BookingStatus({ bookedTime, email }: BookingStatusProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const booked = bookedTime !== null
  useEffect(() => {
    if (!booked) return
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus({ preventScroll: true })
  }, [booked])
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {bookedTime && (
        <div className="rounded-2xl border border-brand-200 bg-brand-50 p-6 sm:p-8">
          <h2 ref={heading} tabIndex={-1} className="scroll-mt-32 text-xl font-bold text-ink outline-none">
            Your call is booked
          </h2>
          <p className="mt-2 text-ink">
            {bookedTime} <span className="text-muted">(your time)</span>
          </p>
          <p className="mt-1 text-muted">We&apos;ve sent the details to {email ?? 'your e-mail'}.</p>
        </div>
      )}
    </div>
  )
}
