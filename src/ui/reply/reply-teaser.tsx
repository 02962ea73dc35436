import { Link } from '@tanstack/react-router'
import { aiReplyTeaser as c } from '@/content/ai-reply-teaser'

/** The band that leads to the free AI reply (/reply), on the veterinary pages. */
export function ReplyTeaser({ id }: { id: string }) {
  return (
    <section aria-labelledby={id} className="bg-white">
      <div className="container-page flex flex-col gap-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-2xl">
          <h2 id={id} className="text-xl font-bold text-ink">
            {c.title}
          </h2>
          <p className="mt-1 text-muted">{c.text}</p>
        </div>
        <Link to="/reply" className="btn-secondary shrink-0">
          {c.link}
        </Link>
      </div>
    </section>
  )
}
