import { reviewCheckContent as c } from '@/content/review-check'
import { durationInWords } from '@/lib/duration-words'
import type { ReviewCheckContext } from '@/machines/review-check.machine'
import { LeadCapture } from './lead-capture'

export type CheckFailureProps = {
  failure: NonNullable<ReviewCheckContext['failure']>
  businessDescription: string
  onRetry: () => void
}

/** Each failure explained; the daily cap hands over to the lead form, prefilled with the business. */
export function CheckFailure({ failure, businessDescription, onRetry }: CheckFailureProps) {
  const text = c.failures[failure.kind](durationInWords(failure.retryAfterSeconds ?? 3_600))
  if (failure.kind === 'cap-reached') {
    return (
      <section aria-labelledby="check-cap-title" className="grid gap-4">
        <h2 id="check-cap-title" className="text-2xl font-bold text-ink">
          {c.capTitle}
        </h2>
        <p role="alert">{text}</p>
        <LeadCapture initialValues={{ business: businessDescription }} nativeErrorTarget={false} />
      </section>
    )
  }
  return (
    <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p role="alert" className="text-ink">
        {text}
      </p>
      {failure.kind === 'down' && (
        <button type="button" className="btn-primary justify-self-start" onClick={onRetry}>
          {c.retry}
        </button>
      )}
    </div>
  )
}
