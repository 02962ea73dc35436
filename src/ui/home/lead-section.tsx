import type { ReactNode } from 'react'
import { leadContent as c } from '@/content/home'
import { TOP_LEAD_FORM_ID } from '@/content/pages'
import { site } from '@/site'
import { StarRow } from '@/ui/home/star-row'

export const HERO_IMAGE_SIZE = { width: 640, height: 520 } as const

const avatars = [
  { initials: 'JD', tone: 'bg-amber-200 text-amber-900' },
  { initials: 'MK', tone: 'bg-sky-200 text-sky-900' },
  { initials: 'AL', tone: 'bg-emerald-200 text-emerald-900' },
  { initials: 'RS', tone: 'bg-rose-200 text-rose-900' },
]

/**
 * The top of the home page. The route renders the lead form into `children`; on phones the form
 * comes straight after the headline so it is visible without scrolling.
 */
export function LeadSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="lead-title" className="relative isolate overflow-hidden bg-brand-950 text-white">
      <Backdrop />
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-y-8 pt-7 pb-12 sm:pt-12 lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[auto_1fr_auto] lg:gap-x-10 lg:pt-16 lg:pb-24 xl:gap-x-16">
        <div className="lg:col-start-1 lg:row-start-1">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3.5 py-1.5 text-sm font-medium text-brand-50 ring-1 ring-white/15">
            <StarRow size={14} className="text-accent-400" />
            <span>{c.ratingBadge}</span>
          </p>
          <h1
            id="lead-title"
            className="mt-5 text-[2rem] leading-[1.08] font-extrabold tracking-tight text-balance min-[360px]:text-[2.375rem] sm:text-5xl"
          >
            {c.headline.before}{' '}
            <span className="relative whitespace-nowrap text-accent-400">
              {c.headline.highlight}
              <svg
                aria-hidden="true"
                viewBox="0 0 200 12"
                width="200"
                height="12"
                preserveAspectRatio="none"
                className="absolute -bottom-1.5 left-0 h-2.5 w-full text-accent-400/70"
              >
                <path d="M2 9C50 3 120 1 198 6" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
              </svg>
            </span>{' '}
            {c.headline.after}
          </h1>
        </div>

        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <div
            id={TOP_LEAD_FORM_ID}
            className="scroll-mt-28 rounded-3xl bg-white p-4 text-ink xs:p-5 shadow-float ring-1 ring-black/5 sm:p-7"
          >
            <h2 id="lead-form-title" className="text-lg font-bold tracking-tight sm:text-xl">
              {c.formTitle}
            </h2>
            <p className="mt-1.5 hidden text-sm leading-6 text-muted sm:block">{c.formText}</p>
            <div className="@container mt-4 sm:mt-5">{children}</div>
          </div>
          <div className="mt-6 px-1">
            <p className="text-xs font-semibold tracking-wider text-brand-200 uppercase">{c.nextStepsTitle}</p>
            <ol className="mt-3 space-y-2.5">
              {c.nextSteps.map((step, i) => (
                <li key={step} className="flex items-center gap-3 text-sm text-brand-100">
                  <span
                    aria-hidden="true"
                    className="grid size-6 shrink-0 place-items-center rounded-full bg-white/10 text-xs font-bold text-white ring-1 ring-white/20"
                  >
                    {i + 1}
                  </span>
                  {step}
                </li>
              ))}
            </ol>
          </div>
        </div>

        <div className="lg:col-start-1 lg:row-start-2 lg:self-start">
          <p className="max-w-xl text-lg leading-relaxed text-pretty text-brand-100">{c.subheading}</p>
          <p className="mt-8 text-xs font-semibold tracking-wider text-brand-200 uppercase">{c.painsTitle}</p>
          <ul role="list" className="mt-3 grid gap-3 sm:grid-cols-2">
            {c.pains.map((pain) => (
              <li
                key={pain}
                className="flex items-start gap-3 rounded-xl bg-white/5 p-3.5 text-sm leading-6 text-brand-50 ring-1 ring-white/10"
              >
                <span aria-hidden="true" className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-red-400/15 text-red-300">
                  <svg viewBox="0 0 16 16" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
                    <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" />
                  </svg>
                </span>
                {pain}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex items-center gap-4">
            <div aria-hidden="true" className="flex -space-x-1">
              {avatars.map((a) => (
                <span
                  key={a.initials}
                  className={`grid size-9 place-items-center rounded-full text-[0.7rem] font-bold ring-2 ring-brand-950 ${a.tone}`}
                >
                  {a.initials}
                </span>
              ))}
            </div>
            <p className="text-sm leading-5 text-brand-100">
              {c.trust.prefix} <strong className="font-semibold text-white">{c.trust.value}</strong>
              <span className="block text-brand-200">{c.trust.label}</span>
            </p>
          </div>
        </div>

        <div className="lg:col-span-2 lg:row-start-3 lg:pt-4">
          <img
            src={site.heroImage}
            width={HERO_IMAGE_SIZE.width}
            height={HERO_IMAGE_SIZE.height}
            alt={c.heroAlt}
            loading="lazy"
            decoding="async"
            className="mx-auto h-auto w-full max-w-xl lg:max-w-2xl"
          />
        </div>
      </div>
    </section>
  )
}

function Backdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[radial-gradient(56rem_36rem_at_85%_-10%,var(--color-brand-700),transparent_65%)]" />
      <div className="absolute inset-0 bg-[radial-gradient(40rem_30rem_at_0%_100%,color-mix(in_oklab,var(--color-brand-600)_45%,transparent),transparent_70%)]" />
      <div className="absolute inset-0 [background-image:linear-gradient(to_right,rgb(255_255_255/0.06)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.06)_1px,transparent_1px)] [background-size:40px_40px] [mask-image:radial-gradient(70%_60%_at_50%_0%,black,transparent)]" />
    </div>
  )
}
