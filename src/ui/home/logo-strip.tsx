import { logoStripContent as c } from '@/content/home'
import { integrationLogos } from '@/content/integration-logos'
import { renderLater } from '@/lib/render-later'

/** The integrations strip: each app's mark, one colour and one size, with its name. */
export function LogoStrip() {
  return (
    <section {...renderLater} aria-labelledby="logo-strip-title" className="border-b border-slate-200/70 bg-white py-12 sm:py-16">
      <div className="container-page">
        <h2 id="logo-strip-title" className="text-center text-lg font-bold tracking-tight text-ink sm:text-xl">
          {c.title}
        </h2>
        <p className="mx-auto mt-2 max-w-md text-center text-sm text-muted">{c.lead}</p>
        <ul role="list" className="mt-8 grid grid-cols-2 items-center gap-x-4 gap-y-6 text-slate-500 sm:grid-cols-3 lg:grid-cols-6">
          {integrationLogos.map((logo) => (
            <li key={logo.id} className="flex h-10 min-w-0 items-center justify-center gap-2">
              <svg
                role="img"
                aria-label={logo.name}
                viewBox="0 0 24 24"
                width="24"
                height="24"
                fill="currentColor"
                className="size-6 shrink-0"
              >
                <path d={logo.path} />
              </svg>
              <span aria-hidden="true" className="text-sm font-semibold whitespace-nowrap">
                {logo.label}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
