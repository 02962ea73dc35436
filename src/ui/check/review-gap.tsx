import { reviewsNeeded, TARGET_RATINGS, type TargetRating } from '@/lib/review-gap'
import { reviewCheckContent } from '@/content/review-check'
import { inputClass, labelClass } from '@/ui/lead-form/field-styles'

const c = reviewCheckContent.result

export type ReviewGapProps = {
  rating: number | null
  reviewCount: number
  target: TargetRating
  onTargetChange: (target: TargetRating) => void
}

/** New 5-star reviews to reach a chosen target rating, re-read aloud when the target changes. */
export function ReviewGap({ rating, reviewCount, target, onTargetChange }: ReviewGapProps) {
  const needed = reviewsNeeded(reviewCount, rating, target)
  return (
    <div className="grid gap-3 sm:grid-cols-[12rem_1fr] sm:items-end">
      <div>
        <label htmlFor="check-target" className={labelClass}>
          {c.target}
        </label>
        <select
          id="check-target"
          className={inputClass}
          value={target}
          onChange={(event) => onTargetChange(Number(event.target.value) as TargetRating)}
        >
          {TARGET_RATINGS.map((t) => (
            <option key={t} value={t}>
              {t.toFixed(1)} stars
            </option>
          ))}
        </select>
      </div>
      <p aria-live="polite" className="text-lg text-ink">
        {needed === 0 ? (
          <>You are already at {target.toFixed(1)} stars or above. Keep the reviews coming to stay there.</>
        ) : (
          <>
            <strong className="text-2xl font-extrabold text-brand-800">{needed}</strong> new 5-star review{needed === 1 ? '' : 's'} would
            lift you to {target.toFixed(1)} stars.
          </>
        )}
      </p>
    </div>
  )
}
