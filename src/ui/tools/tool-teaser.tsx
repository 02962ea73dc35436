import { Link } from '@tanstack/react-router'

export type ToolTeaserCopy = { title: string; text: string; link: string }

/**
 * The band that leads to one of the free tools: the review check (/check, on the home and veterinary
 * pages) or the AI reply (/reply, on the veterinary pages). `primary` sets the stronger of the two.
 */
export function ToolTeaser({
  id,
  to,
  copy,
  primary = false,
}: {
  id: string
  to: '/check' | '/reply'
  copy: ToolTeaserCopy
  primary?: boolean
}) {
  return (
    <section aria-labelledby={id} className={primary ? 'border-y border-brand-100 bg-brand-50' : 'bg-white'}>
      <div className="container-page flex flex-col gap-4 py-8 sm:flex-row sm:items-center sm:justify-between">
        <div className="max-w-2xl">
          <h2 id={id} className="text-xl font-bold text-ink">
            {copy.title}
          </h2>
          <p className="mt-1 text-muted">{copy.text}</p>
        </div>
        <Link to={to} className={`${primary ? 'btn-primary' : 'btn-secondary'} shrink-0`}>
          {copy.link}
        </Link>
      </div>
    </section>
  )
}

/** The same invitation as one sentence inside another section (the reviews section, a check result). */
export function ToolTeaserLine({
  to,
  copy,
  className,
}: {
  to: '/check' | '/reply'
  copy: Pick<ToolTeaserCopy, 'text' | 'link'>
  className: string
}) {
  return (
    <p className={className}>
      {copy.text}{' '}
      <Link to={to} className="font-semibold text-brand-700 underline">
        {copy.link}
      </Link>
    </p>
  )
}
