import type { ReactNode } from 'react'
import type { x18Content } from '@/content/landing'
import { SectionIntro } from '@/ui/home/section-intro'
import { StarRow } from '@/ui/home/star-row'

type Content = typeof x18Content

/** The design page's hero: headline, the Book a call trigger (rendered by the page), the figures. */
export function DesignHero({ hero, stats, cta }: { hero: Content['hero']; stats: Content['stats']; cta: ReactNode }) {
  return (
    <section aria-labelledby="design-title" className="relative isolate overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(56rem_36rem_at_85%_-10%,var(--color-brand-700),transparent_65%)]"
      />
      <div className="container-page py-14 sm:py-20 lg:py-24">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3.5 py-1.5 text-sm font-medium text-brand-50 ring-1 ring-white/15">
          <StarRow size={14} className="text-accent-400" />
          <span>{hero.eyebrow}</span>
        </p>
        <h1
          id="design-title"
          className="mt-5 max-w-3xl text-[2.375rem] leading-[1.08] font-extrabold tracking-tight text-balance sm:text-6xl"
        >
          {hero.title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-brand-100">{hero.lead}</p>
        <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
          {cta}
          <p className="text-sm text-brand-100">
            Trusted by <strong className="font-semibold text-white">{hero.trust.value}</strong>{' '}
            <span className="text-brand-200">{hero.trust.label}</span>
          </p>
        </div>
        <dl className="mt-12 grid max-w-3xl grid-cols-3 gap-4 border-t border-white/15 pt-8">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col">
              <dt className="text-sm text-brand-200">{stat.label}</dt>
              <dd className="order-first text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}

/** What the design team makes, as a grid of cards. */
export function DesignServices({ services }: { services: Content['services'] }) {
  return (
    <section aria-labelledby="design-services-title" className="py-16 sm:py-20">
      <div className="container-page">
        <SectionIntro id="design-services-title" {...services.section} />
        <ul role="list" className="mt-10 grid gap-5 sm:grid-cols-2">
          {services.items.map((item) => (
            <li key={item.title} className="card p-6">
              <h3 className="text-lg font-bold text-ink">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
