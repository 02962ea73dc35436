import { Link } from '@tanstack/react-router'

export type ArticleCardProps = {
  slug: string
  title: string
  excerpt: string
  image: string
  imageAlt: string
  date: string
  dateLabel: string
  /** The first card's image is in view on arrival; the others wait until scrolled near. */
  eager?: boolean
}

/** One article in the /news grid: the whole card is the link's hit area, the title its name. */
export function ArticleCard({ slug, title, excerpt, image, imageAlt, date, dateLabel, eager = false }: ArticleCardProps) {
  return (
    <article className="card group relative flex flex-col overflow-hidden transition hover:shadow-float">
      <img
        src={image}
        alt={imageAlt}
        width={1200}
        height={630}
        loading={eager ? undefined : 'lazy'}
        decoding="async"
        className="aspect-[1200/630] w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm text-muted">
          <time dateTime={date}>{dateLabel}</time>
        </p>
        <h2 className="mt-2 text-xl font-bold text-ink">
          <Link to="/blog/$slug" params={{ slug }} className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700">
            {title}
          </Link>
        </h2>
        <p className="mt-3 flex-1 text-muted">{excerpt}</p>
        <p aria-hidden="true" className="mt-5 font-semibold text-brand-700">
          Read the article →
        </p>
      </div>
    </article>
  )
}
