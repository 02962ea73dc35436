import { industriesContent as c } from '@/content/home'
import { industries } from '@/content/industries'
import { IndustryIcon } from '@/ui/home/industry-icon'
import { SectionIntro } from '@/ui/home/section-intro'
import { renderLater } from '@/lib/render-later'

/** The nine industry cards and a closing call to action that takes the visitor back to the form. */
export function IndustriesSection({ onBackToTop }: { onBackToTop: () => void }) {
  return (
    <section {...renderLater} aria-labelledby="industries-title" className="bg-surface py-16 sm:py-24">
      <div className="container-page">
        <SectionIntro id="industries-title" centered {...c.intro} />
        <ul role="list" className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {industries.map((industry) => (
            <li
              key={industry.name}
              className="reveal card group flex gap-4 p-5 transition duration-300 hover:-translate-y-1 hover:border-brand-200 hover:shadow-float sm:block sm:p-6"
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 transition group-hover:bg-brand-600 group-hover:text-white sm:size-12">
                <IndustryIcon name={industry.icon} />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-ink sm:mt-5">{industry.name}</h3>
                <p className="mt-1.5 text-sm leading-6 text-muted sm:mt-2">{industry.description}</p>
              </div>
            </li>
          ))}
        </ul>

        <div className="relative isolate mt-16 overflow-hidden rounded-3xl bg-brand-950 px-6 py-10 text-center sm:px-12 sm:py-14 lg:flex lg:items-center lg:justify-between lg:gap-10 lg:text-left">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(36rem_20rem_at_90%_0%,var(--color-brand-700),transparent_70%)]"
          />
          <div className="max-w-2xl">
            <p className="text-2xl font-bold tracking-tight text-balance text-white sm:text-3xl">{c.cta.title}</p>
            <p className="mt-3 text-brand-100">{c.cta.text}</p>
          </div>
          <button
            type="button"
            onClick={onBackToTop}
            className="btn-primary mt-8 shrink-0 bg-accent-400 px-7 text-ink hover:bg-accent-500 focus-visible:outline-accent-400 lg:mt-0"
          >
            {c.cta.button}
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M10 15.5v-11M5 9l5-5 5 5" />
            </svg>
          </button>
        </div>
      </div>
    </section>
  )
}
