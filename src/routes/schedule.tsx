import { useState } from 'react'
import { createFileRoute, useRouteContext } from '@tanstack/react-router'
import { fromCallback } from 'xstate'
import { headFor } from '@/lib/page-meta'
import { pageIntros } from '@/content/page-intros'
import { calendarEmbedMachine, type CalendarEmbedEvent } from '@/machines/calendar-embed.machine'
import { readableTime } from '@/lib/readable-time'
import { schedulePrefill } from '@/lib/schedule-prefill'
import { sessionStore } from '@/lib/visit-tracking'
import { fromService } from '@/lib/from-service'
import { useAppActor } from '@/lib/use-app-actor'
import { PageIntro } from '@/ui/layout/page-intro'
import { ProgressSteps } from '@/ui/schedule/progress-steps'
import { CalendarPanel } from '@/ui/schedule/calendar-panel'
import { BookingStatus } from '@/ui/schedule/booking-status'

export const Route = createFileRoute('/schedule')({
  head: () => headFor('/schedule'),
  component: SchedulePage,
})

const HOST_ID = 'calendar-host'
const TRIGGER_ID = 'calendar-schedule-button'

function SchedulePage() {
  const { services } = useRouteContext({ from: '__root__' })
  // This tab's lead, if it sent one; the server has none, and nothing renders it before the widget is ready.
  const [prefill] = useState(() => schedulePrefill(sessionStore()))
  const [state] = useAppActor(
    calendarEmbedMachine.provide({
      actors: {
        loadCalendar: fromService((_: unknown, signal) => services.calendar.load(document.getElementById(HOST_ID)!, signal)),
        bookingEvents: fromCallback<CalendarEmbedEvent>(({ sendBack }) =>
          services.calendar.onBooked(({ startTime }) => sendBack({ type: 'calendar.booked', startTime })),
        ),
      },
      actions: {
        clickSchedule: () => document.getElementById(TRIGGER_ID)?.click(),
        callBooked: () => services.analytics.callBooked(),
      },
    }),
  )
  const status = state.matches('loading') ? 'loading' : state.matches('failed') ? 'failed' : 'ready'
  const { bookedStart } = state.context

  const intro = pageIntros.schedule
  const booked = bookedStart !== null

  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={booked ? intro.bookedTitle : intro.title}>
        {booked ? intro.bookedText : intro.text}
      </PageIntro>
      <div className="container-page -mt-6 space-y-8 pb-8">
        <ProgressSteps stage={booked ? 'booked' : 'scheduling'} />
        <BookingStatus bookedTime={bookedStart && readableTime(bookedStart)} email={prefill?.email || null} />
        {/* Booked: the calendar has done its work, and the confirmation above takes its place. */}
        {!booked && (
          <CalendarPanel
            status={status}
            bookingUrl={services.calendar.bookingUrl}
            triggerAttributes={services.calendar.triggerAttributes(prefill)}
            hostId={HOST_ID}
            triggerId={TRIGGER_ID}
          />
        )}
      </div>
    </>
  )
}
