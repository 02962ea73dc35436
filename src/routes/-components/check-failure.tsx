import { useEffect, useRef, type ReactNode, type Ref } from 'react'
import { reviewCheckContent as c } from '@/content/review-check'
import { durationInWords } from '@/lib/duration-words'
import type { ReviewCheckSnapshot } from '@/machines/review-check.machine'
import { CallUs } from '@/ui/lead-form/call-us'
import { LeadCapture } from './lead-capture'

export type CheckFailureProps = {
  /** The check machine in one of its `failed` states. */
  state: ReviewCheckSnapshot
  onRetry: () => void
}

/** The way forward when the check cannot run: the lead form prefilled with the business, and the phone. */
function ReportByHand({
  id,
  title,
  business,
  headingRef,
  children,
}: {
  id: string
  title: string
  business: string
  headingRef?: Ref<HTMLHeadingElement>
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-2xl font-bold text-ink">
        {title}
      </h2>
      <div>
        {children}
        <CallUs />
      </div>
      <LeadCapture initialValues={{ business }} nativeErrorTarget={false} />
    </section>
  )
}

/** Each failure explained; the daily cap, a rate limit and Google down hand over to the lead form. */
export function CheckFailure({ state, onRetry }: CheckFailureProps) {
  const { failure, business } = state.context
  const businessDescription = business?.description ?? ''
  const blocked = state.matches({ failed: 'blocked' })
  const text = failure ? c.failures[failure.kind](durationInWords(failure.retryAfterSeconds ?? 3_600)) : blocked ? c.checkBlocked : ''
  const placesDown = state.matches({ failed: 'placesDown' })
  const notVerified = state.matches({ failed: 'notVerified' }) || blocked
  // The failure shows under the picker, below the fold on a desktop: bring it up and land focus on
  // it, as the result does, so nobody thinks nothing happened.
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus({ preventScroll: true })
  }, [failure, blocked])
  if (state.matches({ failed: 'capReached' })) {
    return (
      <ReportByHand id="check-cap-title" title={c.capTitle} business={businessDescription} headingRef={heading}>
        <p role="alert">{text}</p>
      </ReportByHand>
    )
  }
  return (
    <>
      <section aria-labelledby="check-failure-title" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
        <h2 id="check-failure-title" ref={heading} tabIndex={-1} className="text-xl font-bold text-ink">
          {c.failureTitle}
        </h2>
        <p role="alert" className="text-ink">
          {text}
        </p>
        {notVerified && <CallUs />}
        {(placesDown || notVerified) && (
          <button type="button" className="btn-primary justify-self-start" onClick={onRetry}>
            {c.retry}
          </button>
        )}
      </section>
      {(placesDown || state.matches({ failed: 'rateLimited' })) && (
        <ReportByHand id="check-offer-title" title={c.offerTitle} business={businessDescription}>
          <p>{c.offerText}</p>
        </ReportByHand>
      )}
    </>
  )
}
