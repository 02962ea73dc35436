import { createFileRoute, useRouteContext } from '@tanstack/react-router'
import { headFor } from '@/lib/page-meta'
import { pageIntros } from '@/content/page-intros'
import { calendarEmbedMachine } from '@/machines/calendar-embed.machine'
import { fromService } from '@/lib/from-service'
import { useAppActor } from '@/lib/use-app-actor'
import { PageIntro } from '@/ui/layout/page-intro'
import { ProgressSteps } from '@/ui/schedule/progress-steps'
import { CalendarPanel } from '@/ui/schedule/calendar-panel'

export const Route = createFileRoute('/schedule')({
  head: () => headFor('/schedule'),
  component: SchedulePage,
})

const HOST_ID = 'calendar-host'
const TRIGGER_ID = 'calendar-schedule-button'

function SchedulePage() {
  const { services } = useRouteContext({ from: '__root__' })
  const [state] = useAppActor(
    calendarEmbedMachine.provide({
      actors: {
        loadCalendar: fromService((_: unknown, signal) => services.calendar.load(document.getElementById(HOST_ID)!, signal)),
      },
      actions: { clickSchedule: () => document.getElementById(TRIGGER_ID)?.click() },
    }),
  )
  const status = state.matches('loading') ? 'loading' : state.matches('failed') ? 'failed' : 'ready'

  return (
    <>
      <PageIntro eyebrow={pageIntros.schedule.eyebrow} title={pageIntros.schedule.title}>
        {pageIntros.schedule.text}
      </PageIntro>
      <div className="container-page -mt-6 space-y-8 pb-8">
        <ProgressSteps />
        <CalendarPanel
          status={status}
          bookingUrl={services.calendar.bookingUrl}
          triggerAttributes={services.calendar.triggerAttributes}
          hostId={HOST_ID}
          triggerId={TRIGGER_ID}
        />
      </div>
    </>
  )
}
