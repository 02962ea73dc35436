import { CallUs } from '@/ui/lead-form/call-us'

const link = 'font-semibold text-brand-700 underline underline-offset-2'

export type CalendarPanelProps = {
  status: 'loading' | 'ready' | 'failed'
  /** The calendar's own booking page, when one is configured. */
  bookingUrl: string | undefined
  triggerAttributes: Record<string, string>
  hostId: string
  triggerId: string
}

/**
 * The calendar widget's place: its schedule button and the host it renders into; when it cannot
 * load, the sales phone, its international form and the e-mail, and the calendar's own page when there is one.
 * The data-cal-* attributes appear once the widget is ready, so the first render matches the server.
 */
export function CalendarPanel({ status, bookingUrl, triggerAttributes, hostId, triggerId }: CalendarPanelProps) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-busy={status === 'loading'}>
      <h2 className="text-xl font-bold text-ink">Choose a time for your strategy call</h2>
      <p className="mt-1 text-muted">30 minutes with a reputation specialist, free and with no obligation.</p>
      {/* Room for the failure's three lines on a phone, so a calendar that cannot load moves nothing below. */}
      <div className="mt-6 min-h-18">
        {status === 'failed' ? (
          <div role="status" className="space-y-2">
            <p>
              The booking calendar could not load. <CallUs before="Call us on" after=" to book your call" inline />
            </p>
            {bookingUrl && (
              <p>
                Or{' '}
                <a href={bookingUrl} className={link}>
                  pick a time on our booking page
                </a>
                .
              </p>
            )}
          </div>
        ) : (
          <>
            <button
              id={triggerId}
              type="button"
              disabled={status === 'loading'}
              className="btn-primary"
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
      </div>
      <div id={hostId} className="mt-6 empty:hidden" />
    </div>
  )
}
