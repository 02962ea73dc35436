import type { KeyboardEvent } from 'react'
import type { Testimonial } from '@/content/testimonials'
import { TestimonialCard } from './testimonial-card'

export type TestimonialCarouselProps = {
  /** The carousel's accessible name, e.g. 'Client testimonials'. */
  label: string
  testimonials: readonly Testimonial[]
  index: number
  onPrevious: () => void
  onNext: () => void
  onSelect: (index: number) => void
}

const arrow = { previous: 'M15 6l-6 6 6 6', next: 'M9 6l6 6-6 6' }

/**
 * The WAI-ARIA APG carousel: a labelled region, controls before the slides, slides as labelled
 * groups in a polite live region. Every slide is in the markup and they share one grid cell, so
 * the height never changes; slides not shown are invisible to everyone, screen readers included.
 */
export function TestimonialCarousel({ label, testimonials, index, onPrevious, onNext, onSelect }: TestimonialCarouselProps) {
  const count = testimonials.length

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowLeft') onPrevious()
    else if (event.key === 'ArrowRight') onNext()
    else return
    event.preventDefault()
  }

  return (
    <section aria-roledescription="carousel" aria-label={label}>
      {/* The controls need the script: invisible (keeping their room) until the page is hydrated. */}
      <div className="needs-script flex items-center justify-between gap-4" onKeyDown={onKeyDown}>
        <div className="flex gap-2">
          <ArrowButton label="Previous testimonial" path={arrow.previous} onClick={onPrevious} />
          <ArrowButton label="Next testimonial" path={arrow.next} onClick={onNext} />
        </div>
        <div role="group" aria-label="Choose a testimonial" className="flex gap-1">
          {testimonials.map((t, i) => (
            <button
              key={t.id}
              type="button"
              aria-label={`Testimonial ${i + 1} of ${count}: ${t.practice}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => onSelect(i)}
              className="group grid size-10 place-items-center rounded-full"
            >
              <span
                aria-hidden="true"
                className="block size-3 rounded-full bg-slate-300 transition group-hover:bg-slate-400 group-aria-[current=true]:w-7 group-aria-[current=true]:bg-brand-600"
              />
            </button>
          ))}
        </div>
      </div>
      <div aria-live="polite" className="mt-5 grid">
        {testimonials.map((t, i) => (
          <div
            key={t.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            className={`[grid-area:1/1] ${i === index ? '' : 'invisible'}`}
          >
            <TestimonialCard testimonial={t} />
          </div>
        ))}
      </div>
    </section>
  )
}

function ArrowButton({ label, path, onClick }: { label: string; path: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="grid size-11 place-items-center rounded-full border border-slate-300 bg-white text-ink shadow-sm transition hover:border-brand-500 hover:text-brand-700"
    >
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={path} />
      </svg>
    </button>
  )
}
