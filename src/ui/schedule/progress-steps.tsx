/** Each step as it reads before and after the visitor has done it. */
const steps = [
  { label: 'Application complete', doneLabel: 'Application complete' },
  { label: 'Schedule in progress', doneLabel: 'Call booked' },
  { label: 'Strategy coming up', doneLabel: 'Strategy coming up' },
] as const

export type ProgressStage = 'scheduling' | 'booked'

/** The 3-step progress bar of the schedule page; the current step carries `aria-current="step"`.
 *  Below 390 px a third of the row is narrower than 'Application' beside its mark, so the steps stack, one per line. */
export function ProgressSteps({ stage = 'scheduling' }: { stage?: ProgressStage }) {
  const current = stage === 'booked' ? 2 : 1
  const shown = steps.map((step, index) => {
    const status = index < current ? 'done' : index === current ? 'current' : 'upcoming'
    return { label: status === 'done' ? step.doneLabel : step.label, status }
  })
  return (
    <ol aria-label="Your progress" className="grid grid-cols-3 gap-2 max-[390px]:grid-cols-1 sm:gap-4">
      {shown.map((step, index) => (
        <li key={index} aria-current={step.status === 'current' ? 'step' : undefined} className="flex flex-col gap-2">
          <span
            className={`h-2 rounded-full max-[390px]:hidden ${step.status === 'upcoming' ? 'bg-slate-200' : step.status === 'current' ? 'bg-brand-400' : 'bg-brand-600'}`}
            aria-hidden="true"
          />
          <span className="flex items-center gap-2 text-xs font-semibold text-ink sm:text-sm">
            <span
              aria-hidden="true"
              className={`grid size-6 shrink-0 place-items-center rounded-full text-xs ${step.status === 'done' ? 'bg-brand-600 text-white' : step.status === 'current' ? 'bg-brand-100 text-brand-800 ring-2 ring-brand-400' : 'bg-slate-100 text-slate-600'}`}
            >
              {step.status === 'done' ? '✓' : index + 1}
            </span>
            {step.label}
            <span className="sr-only">{step.status === 'done' ? ' (done)' : step.status === 'current' ? ' (current step)' : ''}</span>
          </span>
        </li>
      ))}
    </ol>
  )
}
