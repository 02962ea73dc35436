import { Link } from '@tanstack/react-router'
import { reviewCheckTeaser as c } from '@/content/review-check-teaser'

/** The band that leads to the free review check (/check), on the home and veterinary pages. */
export function CheckTeaser({ id }: { id: string }) {
  return (
    <section aria-labelledby={id} className="border-y border-brand-100 bg-brand-50">
      <div className="container-page flex flex-col gap-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-2xl">
          <h2 id={id} className="text-xl font-bold text-ink">
            {c.title}
          </h2>
          <p className="mt-1 text-muted">{c.text}</p>
        </div>
        <Link to="/check" className="btn-primary shrink-0">
          {c.link}
        </Link>
      </div>
    </section>
  )
}
