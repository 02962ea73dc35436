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
      <div className="container-page grid grid-cols-[minmax(0,1fr)] items-center gap-12 py-14 sm:py-20 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:py-24">
        <div>
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
          <dl className="mt-12 grid max-w-3xl grid-cols-3 gap-3 border-t border-white/15 pt-8 sm:gap-4">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col">
                <dt className="text-sm text-brand-200">{stat.label}</dt>
                <dd className="order-first text-2xl leading-tight font-extrabold tracking-tight whitespace-nowrap text-white min-[400px]:text-3xl sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <SiteMockup />
      </div>
    </section>
  )
}

/** A decorative sketch of a client site: browser bar, hero block, a 5-star review card. */
function SiteMockup() {
  return (
    <div aria-hidden="true" className="hidden rounded-2xl bg-white/95 p-3 shadow-float ring-1 ring-white/20 lg:block">
      <div className="flex gap-1.5 px-1 pb-3">
        {['bg-red-300', 'bg-amber-300', 'bg-green-300'].map((tone) => (
          <span key={tone} className={`size-2.5 rounded-full ${tone}`} />
        ))}
      </div>
      <div className="rounded-xl bg-gradient-to-br from-brand-600 to-brand-800 p-5">
        <div className="h-3 w-2/3 rounded bg-white/80" />
        <div className="mt-2 h-3 w-1/2 rounded bg-white/50" />
        <div className="mt-5 h-8 w-28 rounded-full bg-accent-400" />
      </div>
      <div className="mt-3 grid grid-cols-3 gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 rounded-lg bg-slate-100" />
        ))}
      </div>
      <div className="mt-3 flex items-center gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
        <span className="size-8 rounded-full bg-emerald-200" />
        <div className="flex-1">
          <StarRow size={12} className="text-accent-500" />
          <div className="mt-1.5 h-2 w-3/4 rounded bg-slate-200" />
        </div>
      </div>
    </div>
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
