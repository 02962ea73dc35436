import { aiReplyContent } from '@/content/ai-reply'
import { BUSINESS_KINDS, RATINGS, REVIEW_MAX_CHARS, TONES, type ReplyField, type ReplyFormValues } from '@/schemas/ai-reply'
import { ChoiceRadios } from './choice-radios'
import { FieldError } from '@/ui/forms/field-error'

const c = aiReplyContent.form
const inputClass = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink'

export type ReplyFormProps = {
  values: ReplyFormValues
  errors: Partial<Record<ReplyField, string>>
  /** false until the script runs: drafting cannot work without it. */
  ready: boolean
  busy: boolean
  onChange: (field: ReplyField, value: string) => void
  onSubmit: () => void
}

/**
 * The review and how to answer it. No email and no phone are asked. Not a <form>: nothing is
 * posted anywhere without the script, and a GET form would put the review in the URL.
 */
export function ReplyForm({ values, errors, ready, busy, onChange, onSubmit }: ReplyFormProps) {
  const described = (field: ReplyField, ...more: string[]) =>
    [...more, errors[field] ? `reply-${field}-error` : ''].filter(Boolean).join(' ') || undefined

  return (
    <div role="group" aria-label={c.label} className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="grid gap-1">
        <label htmlFor="reply-review" className="font-semibold text-ink">
          {c.review}
        </label>
        <p id="reply-review-hint" className="text-sm text-muted">
          {c.reviewHint}
        </p>
        <textarea
          id="reply-review"
          rows={6}
          maxLength={REVIEW_MAX_CHARS}
          required
          value={values.review}
          aria-invalid={errors.review ? true : undefined}
          aria-describedby={described('review', 'reply-review-hint', 'reply-review-count')}
          onChange={(event) => onChange('review', event.currentTarget.value)}
          className={inputClass}
        />
        <p id="reply-review-count" className="text-right text-sm text-muted">
          {c.count(values.review.length, REVIEW_MAX_CHARS)}
        </p>
        <FieldError id="reply-review-error" message={errors.review} />
      </div>

      <ChoiceRadios
        name="rating"
        legend={c.rating}
        choices={RATINGS.map((rating) => ({ value: rating, label: c.ratingLabel(rating) }))}
        value={values.rating}
        error={errors.rating}
        errorId="reply-rating-error"
        onChange={(value) => onChange('rating', value)}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor="reply-first-name" className="font-semibold text-ink">
            {c.firstName}
          </label>
          <input
            id="reply-first-name"
            autoComplete="off"
            maxLength={40}
            value={values.firstName}
            aria-invalid={errors.firstName ? true : undefined}
            aria-describedby={described('firstName')}
            onChange={(event) => onChange('firstName', event.currentTarget.value)}
            className={inputClass}
          />
          <FieldError id="reply-firstName-error" message={errors.firstName} />
        </div>
        <div className="grid gap-1">
          <label htmlFor="reply-business" className="font-semibold text-ink">
            {c.business}
          </label>
          <input
            id="reply-business"
            autoComplete="organization"
            maxLength={100}
            required
            value={values.business}
            aria-invalid={errors.business ? true : undefined}
            aria-describedby={described('business')}
            onChange={(event) => onChange('business', event.currentTarget.value)}
            className={inputClass}
          />
          <FieldError id="reply-business-error" message={errors.business} />
        </div>
      </div>

      <ChoiceRadios
        name="kind"
        legend={c.kind}
        choices={BUSINESS_KINDS.map((kind) => ({ value: kind, label: c.kinds[kind] }))}
        value={values.kind}
        onChange={(value) => onChange('kind', value)}
      />
      <ChoiceRadios
        name="tone"
        legend={c.tone}
        choices={TONES.map((tone) => ({ value: tone, label: c.tones[tone] }))}
        value={values.tone}
        onChange={(value) => onChange('tone', value)}
      />

      <button type="button" className="btn-primary" disabled={!ready || busy} onClick={onSubmit}>
        {c.submit}
      </button>
      <noscript>
        <p className="text-sm text-muted">
          {c.noScript} <a href="/schedule">{c.noScriptLink}</a>.
        </p>
      </noscript>
    </div>
  )
}
