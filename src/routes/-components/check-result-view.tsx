import { useEffect, useRef } from 'react'
import { aiReplyTeaser } from '@/content/ai-reply-teaser'
import { bookCallCopy } from '@/content/book-call'
import { reviewCheckContent as c } from '@/content/review-check'
import { checkHeadline } from '@/lib/check-headline'
import { rankedPlaces } from '@/lib/place-ranking'
import type { TargetRating } from '@/lib/review-gap'
import { RADII_KM, reviewLink, type RadiusKm, type ReviewCheckResult } from '@/schemas/review-check'
import { CompetitorTable } from '@/ui/check/competitor-table'
import { ReviewGap } from '@/ui/check/review-gap'
import { ToolTeaserLine } from '@/ui/tools/tool-teaser'
import { BookCall } from './book-call'
import { ReviewLinkTools } from './review-link-tools'

export type CheckResultViewProps = {
  result: ReviewCheckResult
  /** The check machine's tags: which of its result states is shown. */
  noReviews: boolean
  noCompetitors: boolean
  target: TargetRating
  onTargetChange: (target: TargetRating) => void
  onWiden: (radiusKm: RadiusKm) => void
  onRestart: () => void
}

/** The result screen (its own chunk, with the table and the QR code): rank, gap, review link, the call. */
export default function CheckResultView(props: CheckResultViewProps) {
  const { result, noReviews, noCompetitors, target, onTargetChange, onWiden, onRestart } = props
  const heading = useRef<HTMLHeadingElement>(null)
  const { business, competitors } = result
  const wider = RADII_KM.filter((km) => km > result.radiusKm)
  const check = {
    placeId: business.id,
    rating: business.rating,
    reviewCount: business.reviewCount,
    rank: result.rank,
    radiusKm: result.radiusKm,
  }

  // A keyboard or screen reader visitor lands on the answer, not back at the top of the form.
  useEffect(() => heading.current?.focus(), [result])

  return (
    <section aria-labelledby="check-result-title" className="grid gap-8">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{business.name}</p>
        <h2 id="check-result-title" ref={heading} tabIndex={-1} className="mt-1 text-2xl font-extrabold text-ink sm:text-3xl">
          {checkHeadline(result)}
        </h2>
        <p className="mt-1 text-sm text-muted">{business.address}</p>
      </div>

      <div className="grid gap-4">
        {noReviews ? (
          <p className="rounded-lg bg-brand-50 p-4 text-ink">{c.noReviews}</p>
        ) : (
          <ReviewGap rating={business.rating} reviewCount={business.reviewCount} target={target} onTargetChange={onTargetChange} />
        )}
        {/* Right under the numbers: on a phone the table and the review link run far below. */}
        <div>
          <BookCall
            label={c.result.book}
            copy={bookCallCopy.check}
            href="/schedule"
            initialValues={{ business: `${business.name}, ${business.address}` }}
            check={check}
          />
        </div>
      </div>

      {noCompetitors ? (
        <div className="grid gap-3 rounded-lg bg-slate-50 p-4">
          <p>{wider.length > 0 ? c.noCompetitors : c.noCompetitorsWidest}</p>
          <div className="flex flex-wrap gap-3">
            {wider.map((km) => (
              <button key={km} type="button" className="btn-secondary" onClick={() => onWiden(km)}>
                {c.widen(km)}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <CompetitorTable places={rankedPlaces(business, competitors)} businessId={business.id} />
      )}

      <ReviewLinkTools link={reviewLink(business.id)} />

      <div className="flex flex-wrap items-center gap-4">
        <button type="button" className="btn-secondary" onClick={onRestart}>
          {c.result.another}
        </button>
      </div>
      <ToolTeaserLine to="/reply" copy={aiReplyTeaser} className="text-ink" />
      <p className="text-xs text-muted">
        {c.result.attribution} <span translate="no">Google Maps</span>
      </p>
    </section>
  )
}
