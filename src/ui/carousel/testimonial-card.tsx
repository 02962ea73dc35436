import type { Testimonial } from '@/content/testimonials'
import { TESTIMONIAL_IMAGE_SIZE } from '@/content/testimonials'
import { StarRow } from '@/ui/home/star-row'

const ratingText = (rating: number) => rating.toFixed(1)

/** One testimonial: practice, quote, author, and the review figures before and after. */
export function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <div className="card flex h-full flex-col gap-6 p-6 sm:p-8 lg:flex-row lg:gap-10">
      <figure className="flex-1">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t.practice}</p>
        <StarRow size={18} className="mt-3 text-accent-500" />
        <blockquote className="mt-4 text-lg leading-relaxed text-pretty text-ink">
          <p>“{t.text}”</p>
        </blockquote>
        <figcaption className="mt-6 flex items-center gap-4">
          <img
            src={t.author.image}
            alt=""
            width={TESTIMONIAL_IMAGE_SIZE}
            height={TESTIMONIAL_IMAGE_SIZE}
            loading="lazy"
            decoding="async"
            className="size-12 rounded-full"
          />
          <span>
            <span className="block font-semibold text-ink">{t.author.name}</span>
            <span className="block text-sm text-muted">
              {t.author.role}, {t.practice}
            </span>
          </span>
        </figcaption>
      </figure>
      <dl className="grid shrink-0 grid-cols-2 gap-3 self-start lg:w-64 lg:grid-cols-1">
        <Stat label="Google reviews" before={String(t.stats.beforeReviews)} after={String(t.stats.afterReviews)} />
        <Stat label="Average rating" before={ratingText(t.stats.rating.before)} after={ratingText(t.stats.rating.after)} />
      </dl>
    </div>
  )
}

function Stat({ label, before, after }: { label: string; before: string; after: string }) {
  return (
    <div className="rounded-xl bg-surface p-4 ring-1 ring-slate-200">
      <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
      <dd className="mt-2 flex items-baseline gap-2">
        <span className="text-sm text-muted">
          <span className="sr-only">before: </span>
          <s>{before}</s>
        </span>
        <span aria-hidden="true" className="text-muted">
          →
        </span>
        <span className="text-2xl font-bold text-success">
          <span className="sr-only">now: </span>
          {after}
        </span>
      </dd>
    </div>
  )
}
