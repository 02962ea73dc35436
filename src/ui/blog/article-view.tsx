import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'

export type ArticleViewProps = {
  title: string
  image: string
  imageAlt: string
  date: string
  dateLabel: string
  /** The body, rendered from Markdown at build time (trusted content of this repository). */
  html: string
  /** What follows the body: the growth-tips lead form. */
  children?: ReactNode
}

export function ArticleView({ title, image, imageAlt, date, dateLabel, html, children }: ArticleViewProps) {
  return (
    <article>
      <header className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page max-w-4xl py-10 sm:py-14">
          <p className="text-sm font-semibold">
            <Link to="/news" className="text-brand-700 hover:underline">
              ← All articles
            </Link>
          </p>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl">{title}</h1>
          <p className="mt-4 text-muted">
            <time dateTime={date}>{dateLabel}</time>
          </p>
          <img
            src={image}
            alt={imageAlt}
            width={1200}
            height={630}
            fetchPriority="high"
            className="mt-8 aspect-[1200/630] w-full rounded-2xl bg-brand-50 object-cover shadow-card"
          />
        </div>
      </header>
      <div className="container-page max-w-3xl">
        <div className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
      {children}
    </article>
  )
}
