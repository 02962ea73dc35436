export type BookingStatusProps = {
  /** The booked call's start as the visitor reads it, once booked. */
  bookedTime: string | null
  /** Where the calendar sent the details, when the page knows it. */
  email: string | null
}

/** Always in the page, so screen readers announce the booking politely when it arrives. */
export function BookingStatus({ bookedTime, email }: BookingStatusProps) {
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {bookedTime && (
        <div className="rounded-2xl border border-brand-200 bg-brand-50 p-6 sm:p-8">
          <h2 className="text-xl font-bold text-ink">Your strategy call is booked</h2>
          <p className="mt-2 text-ink">{bookedTime}</p>
          <p className="mt-1 text-muted">We&apos;ve sent the details to {email ?? 'your e-mail'}.</p>
        </div>
      )}
    </div>
  )
}
