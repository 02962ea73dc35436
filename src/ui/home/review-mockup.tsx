import { reviewsContent } from '@/content/home'
import { SparkleIcon } from '@/ui/home/sparkle-icon'
import { StarRow } from '@/ui/home/star-row'

const m = reviewsContent.mock

/** A drawn example of the review inbox: one review, its AI-drafted reply and the website widget. */
export function ReviewMockup() {
  return (
    <div role="img" aria-label={m.description} className="reveal relative mx-auto w-full max-w-xl lg:max-w-none">
      <div className="rounded-[2rem] bg-gradient-to-br from-brand-100 via-brand-50 to-white p-4 ring-1 ring-brand-100 sm:p-8">
        <div className="card p-5">
          <div className="flex items-center gap-3">
            <span className="grid size-10 place-items-center rounded-full bg-amber-100 text-sm font-bold text-amber-800">
              {m.review.initials}
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-ink">{m.review.author}</p>
              <p className="text-xs text-muted">{m.review.source}</p>
            </div>
            <StarRow size={16} className="ml-auto text-accent-500" />
          </div>
          <p className="mt-4 text-[0.95rem] leading-relaxed text-ink">{m.review.text}</p>
        </div>

        <div className="card relative mt-4 ml-4 border-l-4 border-l-brand-500 p-5 sm:ml-10">
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
              <SparkleIcon className="text-brand-500" />
              {m.reply.label}
            </span>
            <span className="ml-auto rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
              {m.reply.status}
            </span>
          </div>
          <p className="mt-3 text-[0.95rem] leading-relaxed text-muted">{m.reply.text}</p>
          <div className="mt-4 flex justify-end gap-2 text-sm font-semibold">
            <span className="rounded-full px-4 py-1.5 text-brand-700 ring-1 ring-brand-200">{m.reply.edit}</span>
            <span className="rounded-full bg-brand-600 px-4 py-1.5 text-white shadow-sm">{m.reply.approve}</span>
          </div>
        </div>
      </div>

      <div className="card absolute -top-5 right-3 hidden items-center gap-3 px-4 py-3 shadow-float sm:flex">
        <span className="text-2xl font-extrabold tracking-tight text-ink">{m.widget.rating}</span>
        <span>
          <StarRow size={13} className="text-accent-500" />
          <span className="mt-0.5 block text-xs text-muted">
            {m.widget.label} · {m.widget.count}
          </span>
        </span>
      </div>
    </div>
  )
}
