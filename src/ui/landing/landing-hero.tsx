import type { ReactNode } from 'react'
import type { LandingHero as LandingHeroContent } from '@/content/landing'
import { TOP_LEAD_FORM_ID } from '@/content/pages'
import { StarRow } from '@/ui/home/star-row'

/** The top of a landing page, in the home page's look: headline and points, the lead form in a card. */
export function LandingHero({ content: c, badge, children }: { content: LandingHeroContent; badge?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="landing-title" className="relative isolate overflow-hidden bg-brand-950 text-white">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute inset-0 bg-[radial-gradient(56rem_36rem_at_85%_-10%,var(--color-brand-700),transparent_65%)]" />
        <div className="absolute inset-0 [background-image:linear-gradient(to_right,rgb(255_255_255/0.06)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.06)_1px,transparent_1px)] [background-size:40px_40px] [mask-image:radial-gradient(70%_60%_at_50%_0%,black,transparent)]" />
      </div>
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-y-8 pt-7 pb-12 sm:pt-12 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr] lg:gap-x-10 lg:pt-16 lg:pb-20 xl:gap-x-16">
        <div className="lg:col-start-1 lg:row-start-1">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3.5 py-1.5 text-sm font-medium text-brand-50 ring-1 ring-white/15">
            <StarRow size={14} className="text-accent-400" />
            <span>{c.eyebrow}</span>
          </p>
          <h1 id="landing-title" className="mt-5 text-[2.375rem] leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl">
            {c.headline.before} <span className="text-accent-400">{c.headline.highlight}</span>
            {c.headline.after && ` ${c.headline.after}`}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-brand-100">{c.lead}</p>
          {badge && <div className="mt-6">{badge}</div>}
        </div>
        {/* On phones the form follows the headline, so it shows without much scrolling. */}
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <div
            id={TOP_LEAD_FORM_ID}
            className="scroll-mt-28 rounded-3xl bg-white p-4 text-ink xs:p-5 shadow-float ring-1 ring-black/5 sm:p-7"
          >
            <h2 className="text-lg font-bold tracking-tight sm:text-xl">{c.formTitle}</h2>
            <p className="mt-1.5 text-sm leading-6 text-muted">{c.formText}</p>
            <div className="@container mt-4 sm:mt-5">{children}</div>
          </div>
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <ul role="list" className="space-y-3">
            {c.points.map((point) => (
              <li key={point} className="flex items-start gap-3 text-brand-50">
                <span
                  aria-hidden="true"
                  className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-green-400/15 text-green-300"
                >
                  <svg viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
                    <path d="m3.5 8.5 3 3 6-7" />
                  </svg>
                </span>
                {point}
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm text-brand-100">
            Trusted by <strong className="font-semibold text-white">{c.trust.value}</strong>{' '}
            <span className="text-brand-200">{c.trust.label}</span>
          </p>
        </div>
      </div>
    </section>
  )
}
