export type CalendarPanelProps = {
  status: 'loading' | 'ready' | 'failed'
  bookingUrl: string
  triggerAttributes: Record<string, string>
  hostId: string
  triggerId: string
}

/**
 * The calendar widget's place: its schedule button, the host it renders into, or a plain link.
 * The data-cal-* attributes appear once the widget is ready, so the first render matches the server.
 */
export function CalendarPanel({ status, bookingUrl, triggerAttributes, hostId, triggerId }: CalendarPanelProps) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-busy={status === 'loading'}>
      <h2 className="text-xl font-bold text-ink">Choose a time for your strategy call</h2>
      <p className="mt-1 text-muted">30 minutes with a reputation specialist, free and with no obligation.</p>
      {status === 'failed' ? (
        <p role="status" className="mt-6">
          The booking calendar could not load.{' '}
          <a href={bookingUrl} className="font-semibold text-brand-700 underline underline-offset-2">
            Book your call here
          </a>
          .
        </p>
      ) : (
        <>
          <button
            id={triggerId}
            type="button"
            disabled={status === 'loading'}
            className="btn-primary mt-6"
            {...(status === 'ready' ? triggerAttributes : {})}
          >
            {status === 'loading' && (
              <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />
            )}
            {status === 'loading' ? 'Loading the calendar...' : 'Schedule Your Call'}
          </button>
          <p className="sr-only" role="status">
            {status === 'loading' ? 'Loading the calendar' : 'The calendar is ready'}
          </p>
        </>
      )}
      <div id={hostId} className="mt-6 empty:hidden" />
    </div>
  )
}
