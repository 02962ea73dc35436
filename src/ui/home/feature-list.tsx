import type { Feature } from '@/content/home'

type FeatureListProps = { items: readonly Feature[]; columns?: 1 | 2; className?: string }

export function FeatureList({ items, columns = 2, className = '' }: FeatureListProps) {
  return (
    <ul role="list" className={`grid gap-x-8 gap-y-6 ${columns === 2 ? 'sm:grid-cols-2' : ''} ${className}`}>
      {items.map((item) => (
        <li key={item.title} className="flex gap-4">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4.5 10.5l3.5 3.5 7.5-8" />
            </svg>
          </span>
          <span>
            <span className="block font-semibold text-ink">{item.title}</span>
            <span className="mt-1 block text-sm leading-6 text-muted">{item.text}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
