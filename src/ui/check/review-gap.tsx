import { reviewsNeeded, TARGET_RATINGS, type TargetRating } from '@/lib/review-gap'
import { reviewCheckContent } from '@/content/review-check'
import { ChoiceSelect } from './choice-select'

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
      <ChoiceSelect
        id="check-target"
        label={c.target}
        value={target}
        choices={TARGET_RATINGS.map((t) => ({ value: t, label: `${t.toFixed(1)} stars` }))}
        onChange={onTargetChange}
      />
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
